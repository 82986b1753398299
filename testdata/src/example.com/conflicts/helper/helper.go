// Package helper builds Results for the reconcilers of another package.
package helper

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// ErrorResult asks for a requeue on every error it does not know.
func ErrorResult(err error) ctrl.Result { // want ErrorResult:"requeues"
	if err == nil {
		return ctrl.Result{}
	}
	return ctrl.Result{Requeue: true}
}

// Output is what a phase of the reconcile decides.
type Output interface {
	Output() (ctrl.Result, error)
}

var phase Output

// Actions returns what an Output decides: the check cannot tell how it
// pairs its Result with its error.
func Actions(ctx context.Context) (ctrl.Result, error) {
	return phase.Output()
}

// Sync returns RequeueAfter with the error of its second step: the first
// return that sets it comes after the check, where the error is nil.
func Sync(ctx context.Context, step func(context.Context) (bool, error)) (ctrl.Result, error) { // want Sync:"requeues"
	done, err := step(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !done {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, err
	}
	_, err = step(ctx)
	return ctrl.Result{RequeueAfter: time.Minute}, err
}

// Settle returns RequeueAfter only with an error that the check found nil.
func Settle(ctx context.Context, step func(context.Context) (bool, error)) (ctrl.Result, error) { // want Settle:"requeues"
	done, err := step(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !done {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, err
	}
	return ctrl.Result{}, nil
}
