// Package conflicts returns Results that controller-runtime throws away,
// and their corrected twins.
package conflicts

import (
	"context"
	"errors"
	"fmt"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Bucket struct{}

type base struct {
	client.Client
	Cloud interface {
		Sync(ctx context.Context) error
	}
}

// After `if err != nil`: the delay is thrown away.
type Checked struct{ base }

func (r *Checked) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.Cloud.Sync(ctx); err != nil {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, err // want `RequeueAfter is thrown away: controller-runtime ignores the Result when the error is not nil and requeues with backoff instead: \(\*conflicts.Checked\).Reconcile \(conflicts/conflicts.go:29\); return ctrl.Result\{\}, err to retry with backoff`
	}
	return ctrl.Result{}, nil
}

// The twins: the error alone, a nil error, an error that may be nil.
type CheckedFixed struct{ base }

func (r *CheckedFixed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.Cloud.Sync(ctx); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, r.Update(ctx, nil)
}

// Named results, a deferred cancel, a made error, and a helper.
type Named struct{ base }

func (r *Named) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if req.Name == "" {
		res = ctrl.Result{Requeue: true} // want `Requeue: true is deprecated since controller-runtime v0.21: \(\*conflicts.Named\).Reconcile \(conflicts/conflicts.go:56\); say when with RequeueAfter`
		err = fmt.Errorf("no name")
		return // want `Requeue is thrown away`
	}
	return r.step(ctx)
}

func (r *Named) step(ctx context.Context) (ctrl.Result, error) {
	if err := r.Cloud.Sync(ctx); err != nil {
		result := ctrl.Result{RequeueAfter: 5 * time.Second}
		return result, fmt.Errorf("sync: %w", err) // want `RequeueAfter is thrown away: .*: \(\*conflicts.Named\).Reconcile \(conflicts/conflicts.go:58\) -> \(\*conflicts.Named\).step \(conflicts/conflicts.go:64\)`
	}
	return ctrl.Result{}, nil
}
