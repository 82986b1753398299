// Package helper builds Results for the reconcilers of another package.
package helper

import (
	"context"

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
