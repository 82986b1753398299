package waitbounds

import (
	"context"
	"time"

	"example.com/waitbounds/pollhelp"
	"k8s.io/apimachinery/pkg/util/wait"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// DeadlineReconciler polls until a ctx is done: the ctx's deadline is the
// bound of the wait.
type DeadlineReconciler struct{ ready func(context.Context) error }

func (r *DeadlineReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	pollCtx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	if err := pollhelp.PollEverySecond(pollCtx, r.ready); err != nil { // want `wait.PollUntilContextCancel blocks the reconcile worker \(waits up to 3m0s\): \(\*waitbounds.DeadlineReconciler\).Reconcile \(waitbounds/deadline.go:19\) -> pollhelp.PollEverySecond`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.waitForPods(ctx)
}

func (r *DeadlineReconciler) waitForPods(ctx context.Context) error {
	podsCtx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	return wait.PollUntilContextCancel(podsCtx, 2*time.Second, true, func(ctx context.Context) (bool, error) { // want `wait.PollUntilContextCancel blocks the reconcile worker \(polls every 2s for up to 2m0s\)`
		return r.ready(ctx) == nil, nil
	})
}

// ShortDeadlineReconciler is the corrected twin: its polls end within a few
// seconds, under the threshold.
type ShortDeadlineReconciler struct{ ready func(context.Context) error }

func (r *ShortDeadlineReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	pollCtx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	if err := pollhelp.PollEverySecond(pollCtx, r.ready); err != nil {
		return reconcile.Result{RequeueAfter: 10 * time.Second}, nil
	}
	podsCtx, cancel2 := context.WithTimeout(ctx, 2*time.Second)
	defer cancel2()
	err := wait.PollUntilContextCancel(podsCtx, time.Second, true, func(ctx context.Context) (bool, error) {
		return r.ready(ctx) == nil, nil
	})
	return reconcile.Result{}, err
}
