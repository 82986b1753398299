package conflicts

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// A deferred handler sets RequeueAfter only when the error is nil: the two
// never meet at the return. Silent. (What a deferred func stores into the
// named results is not read: one that sets RequeueAfter with an error is
// not reported either, a known limit.)
type DeferredOnSuccess struct{ sync func(context.Context) error }

func (r *DeferredOnSuccess) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, err error) {
	defer func() {
		if err == nil {
			result = ctrl.Result{RequeueAfter: time.Minute}
		}
	}()
	if err := r.sync(ctx); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A handler that keeps the error it was given and sets RequeueAfter on
// success only, called from the defer: silent too.
type HandlerOnSuccess struct{ sync func(context.Context) error }

func (r *HandlerOnSuccess) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, err error) {
	defer func() {
		result, err = r.finish(result, err)
	}()
	err = r.sync(ctx)
	return ctrl.Result{}, err
}

func (r *HandlerOnSuccess) finish(result ctrl.Result, err error) (ctrl.Result, error) { // want finish:`requeues\(RequeueAfter/\)`
	if err != nil {
		return result, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}
