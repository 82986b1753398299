// Package awaitctx selects on a goroutine's result and ctx.Done(): the
// goroutine's work ends the wait, and the ctx only cuts it short. The
// worker waits as long as that work, not as long as the ctx allows.
package awaitctx

import (
	"context"
	"os/exec"

	ctrl "sigs.k8s.io/controller-runtime"
)

type subscription struct{ stopped bool }

func (s *subscription) stop() { s.stopped = true }

// StopReconciler stops its subscriptions in a goroutine that does no I/O:
// the select returns when it is done, whatever the ctx.
type StopReconciler struct{ subs []*subscription }

func (r *StopReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	done := make(chan struct{})
	go func() {
		for _, s := range r.subs {
			s.stop()
		}
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		return ctrl.Result{}, ctx.Err()
	}
	return ctrl.Result{}, nil
}

// SnapshotReconciler's goroutine runs a command under the reconcile ctx:
// the select waits for it, and that is the finding.
type SnapshotReconciler struct{}

func (r *SnapshotReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `\(\*exec.Cmd\).Run can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\)`
	res := make(chan error, 1)
	go func() { res <- exec.CommandContext(ctx, "snapshot", req.Name).Run() }()
	select {
	case err := <-res:
		return ctrl.Result{}, err
	case <-ctx.Done():
		return ctrl.Result{}, ctx.Err()
	}
}

// EventReconciler waits for an event that another part of the program
// sends: nothing here ends the wait but the ctx.
type EventReconciler struct{ events chan string }

func (r *EventReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `select on ctx.Done\(\) can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\)`
	select {
	case <-r.events:
	case <-ctx.Done():
		return ctrl.Result{}, ctx.Err()
	}
	return ctrl.Result{}, nil
}
