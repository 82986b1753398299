package controllers

import (
	"context"

	"example.com/providerfactory/factory"
	ctrl "sigs.k8s.io/controller-runtime"
)

// FetchReconciler fetches through the provider its kind names.
type FetchReconciler struct {
	Kind string
}

func (r *FetchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, factory.New(r.Kind).Fetch(ctx)
}

// QuickReconciler fetches through the provider that returns at once: silent.
// NewQuick's fact must say that what it returns does not wait, or this call
// would fall back to every provider the factory converts, Slow included.
type QuickReconciler struct{}

func (r *QuickReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, factory.NewQuick().Fetch(ctx)
}
