package controllers

import (
	"context"

	"example.com/resolve/narrowiface/store"
	ctrl "sigs.k8s.io/controller-runtime"
)

// SecretReconciler takes the narrow interface; main binds it to a value
// of the wide one.
type SecretReconciler struct {
	Store store.Getter
}

func (r *SecretReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	resp, err := r.Store.Get(ctx, req.Name)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, resp.Body.Close()
}
