// Package controllers reaches HTTP through a component package and an SDK
// whose factory variable tests replace.
package controllers

import (
	"context"

	"example.com/resolve/comp"
	"example.com/resolve/execsdk"
	"example.com/resolve/hooked"
	"example.com/resolve/portahelper"
	ctrl "sigs.k8s.io/controller-runtime"
)

type ComponentReconciler struct{}

func (r *ComponentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := comp.Run("http://svc/" + req.Name); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, comp.RunBounded("http://svc/" + req.Name)
}

type HookedReconciler struct{}

// Both reconcilers use the client the SDK's default factory builds: one
// finding, where the factory builds it (hooked.go), counting the other.
func (r *HookedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := hooked.Delete("http://svc/" + req.Name); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, hooked.DeleteBounded("http://svc/" + req.Name)
}

type HookedPurgeReconciler struct{}

func (r *HookedPurgeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, hooked.Purge("http://svc/" + req.Name)
}

// ProductReconciler gets its SDK client from a helper package.
type ProductReconciler struct{}

func (r *ProductReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := portahelper.Client("https://admin").DeleteProduct(req.Name); err != nil {
		return ctrl.Result{}, err
	}
	// The same client, another request: one fix, one finding.
	if err := portahelper.Client("https://admin").DeleteUser(req.Name); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, portahelper.BoundedClient("https://admin").DeleteProduct(req.Name)
}

// ExecReconciler streams through an SDK whose client and context are both
// unbounded: one finding, httptimeout's.
type ExecReconciler struct{}

func (r *ExecReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, execsdk.Stream("https://node/exec")
}
