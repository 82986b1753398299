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
	return ctrl.Result{}, api.Call("https://node/" + req.Name) // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.Client without Timeout \(api/api.go:39\) and http.NewRequest, which uses context.Background\(\) \(api/api.go:25\)\): \(\*controllers.APIReconciler\).Reconcile \(controllers/controllers.go:15\) -> api.Call \(api/api.go:29\) -> \(\*http.Client\).Do`
}

type BoundedAPIReconciler struct{}

func (r *BoundedAPIReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, api.CallBounded("https://node/" + req.Name)
}
