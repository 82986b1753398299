package controllers

import (
	"context"

	"example.com/wideclient/components"
	"example.com/wideclient/kube"
	ctrl "sigs.k8s.io/controller-runtime"
)

type ClusterReconciler struct{}

func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if res, err := components.NewCleaner(ctx).Reconcile(req.Name); err != nil || res.RequeueAfter > 0 {
		return res, err
	}
	return ctrl.Result{}, components.New(ctx, kube.New(ctx)).Reconcile()
}
