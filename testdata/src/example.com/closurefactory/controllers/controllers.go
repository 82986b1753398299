package controllers

import (
	"context"

	"example.com/closurefactory/factory"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct {
	NewClient func() *factory.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.NewClient().Delete(req.Name)
}
