// Package controllers reaches HTTP through a component package and an SDK
// whose factory variable tests replace.
package controllers

import (
	"context"

	"example.com/resolve/comp"
	"example.com/resolve/hooked"
	ctrl "sigs.k8s.io/controller-runtime"
)

type ComponentReconciler struct{}

func (r *ComponentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := comp.Run("http://svc/" + req.Name); err != nil { // want `http.Get can block the reconcile worker forever: nothing bounds it \(http.DefaultClient, which has no Timeout, with no context\): \(\*controllers.ComponentReconciler\).Reconcile \(controllers/controllers.go:16\) -> comp.Run \(comp/comp.go:7\) -> \(probe.plainProber\).Probe \(probe/probe.go:18\) -> http.Get`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, comp.RunBounded("http://svc/" + req.Name)
}

type HookedReconciler struct{}

func (r *HookedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := hooked.Delete("http://svc/" + req.Name); err != nil { // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.NewRequest, which uses context.Background\(\) \(hooked/hooked.go:13\) and http.Client without Timeout \(hooked/hooked.go:24\)\)`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, hooked.DeleteBounded("http://svc/" + req.Name)
}
