// Package controllers uses optsdk with its default configuration: no file
// of this module sets DelegatedTokenConfig or EnableRetry, so the token
// exchange and the retry wait never run. Silent.
package controllers

import (
	"context"

	"example.com/optsdk"
	ctrl "sigs.k8s.io/controller-runtime"
)

type MonitorReconciler struct {
	API *optsdk.APIClient
}

func NewMonitorReconciler() *MonitorReconciler {
	return &MonitorReconciler{API: optsdk.NewAPIClient(optsdk.NewConfiguration())}
}

func (r *MonitorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.API.Authenticate(); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.API.GetMonitor(ctx, req.Name)
}
