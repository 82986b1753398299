// Package controllers gets its connections from a factory whose function
// a config field chooses.
package controllers

import (
	"context"

	"example.com/resolve/fieldfunc/factory"
	ctrl "sigs.k8s.io/controller-runtime"
)

type ServiceReconciler struct{}

func (r *ServiceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	f := factory.New(factory.DefaultConfig())
	return ctrl.Result{}, f.Get(ctx, req.Name)
}

type BoundedServiceReconciler struct{}

func (r *BoundedServiceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	f := factory.NewBounded(factory.DefaultBoundedConfig())
	return ctrl.Result{}, f.Get(ctx, req.Name)
}
