// Package controllers calls a management API through a client that a
// security provider, an interface, builds.
package controllers

import (
	"context"
	"net/http"
	"time"

	"example.com/resolve/ifaceresult/mgmt"
	ctrl "sigs.k8s.io/controller-runtime"
)

type MgmtReconciler struct{}

func (r *MgmtReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c, err := mgmt.NewClient(req.Namespace == "secure")
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, c.Features(req.Name) // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.NewRequest, which uses context.Background\(\) \(mgmt/mgmt.go:57\) and http.Client without Timeout \(mgmt/mgmt.go:33\) or http.DefaultClient \(mgmt/mgmt.go:23\)\): \(\*controllers.MgmtReconciler\).Reconcile \(controllers/controllers.go:21\) -> \(\*mgmt.Client\).Features \(mgmt/mgmt.go:73\) -> mgmt.call \(mgmt/mgmt.go:66\) -> \(\*http.Client\).Do`
}

type BoundedMgmtReconciler struct{}

func (r *BoundedMgmtReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c, err := mgmt.NewBoundedClient(req.Namespace == "secure")
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, c.Features(req.Name)
}

type PurgeReconciler struct{}

func (r *PurgeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := mgmt.Purge("https://node/" + req.Name); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, mgmt.PurgeBounded("https://node/" + req.Name)
}

// OverrideReconciler replaces the client the provider built: silent.
type OverrideReconciler struct{}

func (r *OverrideReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c, err := mgmt.NewClient(req.Namespace == "secure")
	if err != nil {
		return ctrl.Result{}, err
	}
	c.HTTP = &http.Client{Timeout: 10 * time.Second}
	return ctrl.Result{}, c.Features(req.Name)
}
