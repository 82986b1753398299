// Package helper builds Results for the reconcilers of another package.
package helper

import ctrl "sigs.k8s.io/controller-runtime"

// ErrorResult asks for a requeue on every error it does not know.
func ErrorResult(err error) ctrl.Result { // want ErrorResult:"requeues"
	if err == nil {
		return ctrl.Result{}
	}
	return ctrl.Result{Requeue: true}
}
