package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/demo-operator/internal/cloud"
)

// BackupReconciler snapshots each bucket and verifies the snapshot, with the
// vendor's CLI, under the reconcile ctx. That ctx has no deadline, so a CLI
// that hangs holds the worker: one bound at the top of Reconcile (or the
// controller's ReconciliationTimeout) cures both commands.
type BackupReconciler struct {
	client.Client
	Cloud *cloud.Client
}

func (r *BackupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Cloud.Snapshot(ctx, cm.Name); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Cloud.Verify(ctx, cm.Name)
}

// SetupWithManager registers the reconciler.
func (r *BackupReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("bucket-backup").
		For(&corev1.ConfigMap{}).
		Complete(r)
}
