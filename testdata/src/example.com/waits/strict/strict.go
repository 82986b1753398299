// Package strict sleeps for a length read from a map: the engine cannot
// compute it, so the sleep proves nothing and only -strict reports it,
// marked as unproven. A poll is a proven wait, whatever its limit.
package strict

import (
	"context"
	"time"

	"example.com/waits/strict/pollhelp"
	"k8s.io/apimachinery/pkg/util/wait"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct {
	delays  map[string]time.Duration
	timeout time.Duration
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	time.Sleep(r.delays[req.Name]) // want `possibly \(-strict\): time.Sleep blocks the reconcile worker \(waits for a time not known statically\): \(\*strict.Reconciler\).Reconcile \(strict/strict.go:21\) -> time.Sleep`
	return ctrl.Result{}, r.waitReady(ctx)
}

// waitReady polls for external state until a deadline set from a field:
// its limit is not known, but the code proves the wait, so it is reported
// without -strict too.
func (r *Reconciler) waitReady(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	if err := wait.PollUntilContextCancel(ctx, time.Second, true, func(context.Context) (bool, error) { return false, nil }); err != nil { // want `wait.PollUntilContextCancel blocks the reconcile worker \(polls every 1s until a limit set at run time\)`
		return err
	}
	// The same through a helper package that passes the interval on.
	return pollhelp.Poll(ctx, func(context.Context) error { return nil }) // want `wait.PollUntilContextCancel blocks the reconcile worker \(polls until a limit set at run time\): .*pollhelp.Poll`
}
