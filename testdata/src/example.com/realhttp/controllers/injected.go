package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
)

// CloudAPI is how operators inject their cloud SDK, for testability. Its
// implementation lives in a package this one does not import: main binds it.
type CloudAPI interface {
	DeleteBucket(ctx context.Context, name string) error
}

// InterfaceReconciler calls its SDK through an interface field.
type InterfaceReconciler struct {
	Cloud CloudAPI
}

func NewInterfaceReconciler(cloud CloudAPI) *InterfaceReconciler {
	return &InterfaceReconciler{Cloud: cloud}
}

func (r *InterfaceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.cleanup(ctx, r.Cloud, req.Name)
}

// cleanup takes the SDK as a parameter: the call is decided by its callers.
func (r *InterfaceReconciler) cleanup(ctx context.Context, api CloudAPI, name string) error {
	return api.DeleteBucket(ctx, name)
}

// FactoryReconciler calls a func-valued field that main sets.
type FactoryReconciler struct {
	Delete func(ctx context.Context, name string) error
}

func (r *FactoryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.Delete(ctx, req.Name)
}
