// Package controllers waits through an SDK interface whose implementation
// main picks.
package controllers

import (
	"context"

	"example.com/injectwait/sdk"

	ctrl "sigs.k8s.io/controller-runtime"
)

type Storage interface {
	DeleteAndWait(ctx context.Context, name string) error
	Drain(ctx context.Context) error
}

type Reconciler struct {
	Storage Storage
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.Storage.DeleteAndWait(ctx, req.Name)
}

// FactoryReconciler gets its storage per region from a factory main binds.
type FactoryReconciler struct {
	NewStorage func(region string) Storage
}

func (r *FactoryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	st := r.NewStorage("eu-west-1")
	if err := st.Drain(ctx); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, st.DeleteAndWait(ctx, req.Name)
}

// PurgeReconciler calls the SDK's concrete type: both of Purge's waits are
// reported at the one call, once.
type PurgeReconciler struct {
	SDK sdk.Waiting
}

func (r *PurgeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.SDK.Purge(ctx, req.Name == "all")
}
