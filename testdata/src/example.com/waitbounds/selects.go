package waitbounds

import (
	"context"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// watcher runs elsewhere; it closes stopped when it has exited.
type watcher struct {
	cancel  context.CancelFunc
	stopped chan struct{}
}

// waitStopped waits for the watcher to exit or for ctx to be done. It sets
// no limit of its own: the finding is at the call that chooses the deadline.
func waitStopped(ctx context.Context, stopped chan struct{}) error {
	select {
	case <-stopped:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// RestartReconciler stops the old watcher and waits, up to the deadline of
// its ctx, for it to exit: nothing here says how long that takes.
type RestartReconciler struct{ old *watcher }

func (r *RestartReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	r.old.cancel()
	waitCtx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	return reconcile.Result{}, waitStopped(waitCtx, r.old.stopped) // want `receive until ctx.Done\(\) blocks the reconcile worker \(waits up to 2m0s\): \(\*waitbounds.RestartReconciler\).Reconcile \(waitbounds/selects.go:35\) -> waitbounds.waitStopped \(waitbounds/selects.go:19\) -> receive until ctx.Done\(\)`
}

// QuickRestartReconciler is the corrected twin: it gives the watcher a
// second, under the threshold.
type QuickRestartReconciler struct{ old *watcher }

func (r *QuickRestartReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	r.old.cancel()
	waitCtx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if err := waitStopped(waitCtx, r.old.stopped); err != nil {
		return reconcile.Result{RequeueAfter: 5 * time.Second}, nil
	}
	return reconcile.Result{}, nil
}

// GuardedReconciler runs work in a goroutine under a deadline that only
// guards it: the work's own waits are what the worker waits for, and it
// has none.
type GuardedReconciler struct{ work func() error }

func (r *GuardedReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	errCh := make(chan error, 1)
	go func() { errCh <- r.work() }()
	select {
	case <-ctx.Done():
		return reconcile.Result{}, ctx.Err()
	case err := <-errCh:
		return reconcile.Result{}, err
	}
}
