package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"example.com/demo-operator/internal/cloud"
)

// LeakyBucketReconciler never waits, but when the cloud refuses to delete a
// bucket it only logs the error and removes the finalizer anyway: the
// ConfigMap goes, the bucket stays, and nothing tries again. Three of the
// five finalizer bugs found by reading real operators were of this kind.
type LeakyBucketReconciler struct {
	client.Client
	Cloud *cloud.Client
}

func (r *LeakyBucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(&cm, Finalizer) {
			return ctrl.Result{}, r.Update(ctx, &cm)
		}
		return ctrl.Result{}, r.Cloud.CreateBucket(ctx, cm.Name)
	}
	if !controllerutil.ContainsFinalizer(&cm, Finalizer) {
		return ctrl.Result{}, nil
	}
	if err := r.Cloud.DeleteBucket(ctx, cm.Name); err != nil {
		// Logged, then on to the removal: the bucket leaks.
		log.FromContext(ctx).Error(err, "delete bucket", "bucket", cm.Name)
	}
	controllerutil.RemoveFinalizer(&cm, Finalizer)
	return ctrl.Result{}, client.IgnoreNotFound(r.Update(ctx, &cm))
}

// SetupWithManager registers the reconciler with one worker, the default.
func (r *LeakyBucketReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("bucket-leaky").
		For(&corev1.ConfigMap{}).
		Complete(r)
}
