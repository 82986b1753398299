// Package controllers notifies through the recorder main binds.
package controllers

import (
	"context"

	"example.com/setafter/events"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct {
	EventRecorder *events.Recorder
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.EventRecorder.Eventf("Reconciled")
	return ctrl.Result{}, nil
}
