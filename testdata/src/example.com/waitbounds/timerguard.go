package waitbounds

import (
	"context"
	"errors"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// GuardedPollReconciler runs a poll in a goroutine and waits for it, with a
// timer as a guard: the worker waits for the poll, up to the timer's time.
// The timer is not a sleep of its own.
type GuardedPollReconciler struct {
	ready func(context.Context) (bool, error)
}

func (r *GuardedPollReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	res := make(chan error, 1)
	go func() {
		res <- wait.PollUntilContextCancel(ctx, time.Second, true, r.ready) // want `wait.PollUntilContextCancel blocks the reconcile worker \(polls every 1s for up to 30s\)`
	}()
	timer := time.NewTimer(30 * time.Second)
	defer timer.Stop()
	select {
	case err := <-res:
		return reconcile.Result{}, err
	case <-timer.C:
		return reconcile.Result{}, errors.New("timed out")
	}
}

// GuardedCheckReconciler is the corrected twin: the goroutine checks once,
// and the timer only guards that check.
type GuardedCheckReconciler struct {
	ready func(context.Context) (bool, error)
}

func (r *GuardedCheckReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	res := make(chan bool, 1)
	go func() {
		ok, _ := r.ready(ctx)
		res <- ok
	}()
	select {
	case ok := <-res:
		if !ok {
			return reconcile.Result{RequeueAfter: 10 * time.Second}, nil
		}
		return reconcile.Result{}, nil
	case <-time.After(30 * time.Second):
		return reconcile.Result{}, errors.New("timed out")
	}
}
