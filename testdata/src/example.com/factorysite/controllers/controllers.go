// Package controllers calls the client factory that main binds.
package controllers

import (
	"context"

	"example.com/originsdk"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Factory func(token string) *originsdk.API

type QueueReconciler struct {
	NewClient Factory
}

func (r *QueueReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.NewClient(req.Namespace).CreateTunnel(ctx, req.Name)
}

type VhostReconciler struct {
	NewClient Factory
}

func (r *VhostReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.NewClient(req.Namespace).DeleteTunnel(ctx, req.Name)
}
