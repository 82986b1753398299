// Package controllers calls ctx-bounded I/O with contexts of every origin.
package controllers

import (
	"context"
	"database/sql"
	"time"

	"example.com/ctxd/sdk"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct {
	DB      *sql.DB
	Results chan error
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `\(\*sql.DB\).QueryContext can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\): \(\*controllers.Reconciler\).Reconcile \(controllers/controllers.go:28\) -> sdk.Query \(sdk/sdk.go:17\) -> \(\*sql.DB\).QueryContext; bound the reconcile ctx for the whole entry: set ReconciliationTimeout in the controller's options.* \(and 1 other blocking call through the same ctx\)`
	// context.TODO() on the reconcile path.
	if err := sdk.RunCommand(context.TODO()); err != nil { // want `\(\*exec.Cmd\).Run can block the reconcile worker forever: nothing bounds it \(context.TODO\(\) \(controllers/controllers.go:20\)\): \(\*controllers.Reconciler\).Reconcile \(controllers/controllers.go:20\) -> sdk.RunCommand \(sdk/sdk.go:12\) -> \(\*exec.Cmd\).Run; pass the reconcile ctx bounded with context.WithTimeout`
		return ctrl.Result{}, err
	}
	// The same call in a goroutine does not hold the worker.
	go sdk.RunCommand(context.TODO())

	// The reconcile ctx has no deadline: each operation under it is one
	// place to bound it (this call and the select below).
	if err := sdk.Query(ctx, r.DB); err != nil {
		return ctrl.Result{}, err
	}
	// A background context made inside the SDK.
	_ = sdk.Ping(sdk.BackgroundContext(), r.DB) // want `\(\*sql.DB\).PingContext can block the reconcile worker forever: nothing bounds it \(context.Background\(\) \(sdk/sdk.go:22\)\)`

	// A select on ctx.Done() with no timer.
	_ = sdk.WaitFor(ctx, r.Results)

	// Bounded with a deadline: fine.
	bounded, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	_ = sdk.RunCommand(bounded)
	_ = sdk.WaitFor(bounded, r.Results)
	return ctrl.Result{}, nil
}

// RateReconciler waits on a timer made out of sight, beside ctx.Done(), as
// x/time/rate's Limiter does: the timer bounds the select.
type RateReconciler struct {
	newTimer func(time.Duration) (<-chan time.Time, func() bool)
}

func (r *RateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ch, stop := r.newTimer(time.Second)
	defer stop()
	select {
	case <-ch:
	case <-ctx.Done():
	}
	return ctrl.Result{}, nil
}
