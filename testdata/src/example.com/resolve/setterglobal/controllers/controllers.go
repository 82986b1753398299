// Package controllers calls an API whose client a package variable holds,
// set at init through a setter.
package controllers

import (
	"context"

	"example.com/resolve/setterglobal/api"
	ctrl "sigs.k8s.io/controller-runtime"
)

type APIReconciler struct{}

func (r *APIReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, api.Call("https://node/" + req.Name)
}

type BoundedAPIReconciler struct{}

func (r *BoundedAPIReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, api.CallBounded("https://node/" + req.Name)
}
