package controllers

import (
	"context"

	"example.com/hiddenimpl/store"
	ctrl "sigs.k8s.io/controller-runtime"
)

// SyncReconciler syncs through a store that main binds.
type SyncReconciler struct {
	Store store.Store
}

func (r *SyncReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.Store.Sync(ctx, req.Name)
}
