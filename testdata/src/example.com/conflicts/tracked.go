package conflicts

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// Tracked sets RequeueAfter on its named Result only when the error is
// nil, and a deferred handler hands both through a generic helper that
// keeps a nil error nil (it turns some errors into a requeue with a nil
// error, never a nil error into one). Silent.
type Tracked struct{ sync func(context.Context) error }

type object interface{ GetName() string }

type app struct{}

func (app) GetName() string { return "app" }

var errParse = errors.New("parse")

func (r *Tracked) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, err error) {
	var obj app
	defer func() {
		result, err = handleWithStatus(ctx, obj, result, err)
	}()
	if err = r.sync(ctx); err != nil {
		return
	}
	result, err = track(ctx, obj, func() (ctrl.Result, error) {
		return result, r.sync(ctx)
	})
	if err == nil {
		result.RequeueAfter = time.Minute
	}
	return
}

func track[T object](ctx context.Context, obj T, cb func() (ctrl.Result, error)) (result ctrl.Result, resultErr error) {
	result, resultErr = cb()
	return
}

func handleWithStatus[T object](ctx context.Context, obj T, origin ctrl.Result, err error) (ctrl.Result, error) {
	result, err := handleErr(ctx, origin, err)
	if errors.Is(err, errParse) {
		_ = obj.GetName()
	}
	return result, err
}

func handleErr(ctx context.Context, origin ctrl.Result, err error) (ctrl.Result, error) {
	if err == nil {
		return origin, nil
	}
	if errors.Is(err, context.Canceled) {
		origin.RequeueAfter = 5 * time.Second
		return origin, nil
	}
	return origin, err
}

// TrackedLocal is the same without the defer: the error is a plain local.
// Silent.
type TrackedLocal struct{ sync func(context.Context) error }

func (r *TrackedLocal) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res, err := track(ctx, app{}, func() (ctrl.Result, error) {
		return ctrl.Result{}, r.sync(ctx)
	})
	if err == nil {
		res.RequeueAfter = time.Minute
	}
	return res, err
}

// TrackedLate sets RequeueAfter while the error is nil, then reassigns the
// error: the two meet at the return. Reported.
type TrackedLate struct{ sync func(context.Context) error }

func (r *TrackedLate) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, err error) {
	defer func() {
		result, err = handleWithStatus(ctx, app{}, result, err)
	}()
	result, err = track(ctx, app{}, func() (ctrl.Result, error) {
		return result, r.sync(ctx)
	})
	if err == nil {
		result.RequeueAfter = time.Minute
		err = r.sync(ctx)
	}
	return // want `RequeueAfter is thrown away if the error is not nil`
}
