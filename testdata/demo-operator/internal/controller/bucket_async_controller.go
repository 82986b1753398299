package controller

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"example.com/demo-operator/internal/cloud"
)

// pollInterval is how soon the reconciler looks again at a bucket the cloud
// is still creating or deleting.
const pollInterval = 10 * time.Second

// AsyncBucketReconciler is the corrected BucketReconciler: it never waits.
// Each reconcile checks the cloud once and asks to be called again later.
type AsyncBucketReconciler struct {
	client.Client
	Cloud *cloud.Client
}

func (r *AsyncBucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		return r.finalize(ctx, &cm)
	}
	if controllerutil.AddFinalizer(&cm, Finalizer) {
		if err := r.Update(ctx, &cm); err != nil {
			return ctrl.Result{}, err
		}
	}
	exists, err := r.Cloud.BucketExists(ctx, cm.Name)
	if err != nil || exists {
		return ctrl.Result{}, err
	}
	if err := r.Cloud.CreateBucket(ctx, cm.Name); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: pollInterval}, nil
}

func (r *AsyncBucketReconciler) finalize(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if !controllerutil.ContainsFinalizer(cm, Finalizer) {
		return ctrl.Result{}, nil
	}
	exists, err := r.Cloud.BucketExists(ctx, cm.Name)
	if err != nil {
		return ctrl.Result{}, err
	}
	if exists {
		snapshotCtx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		if err := r.Cloud.Snapshot(snapshotCtx, cm.Name); err != nil {
			return ctrl.Result{}, err
		}
		// Cleanup not confirmed: ask again (deleting twice is harmless) and
		// come back later, keeping the finalizer.
		if err := r.Cloud.DeleteBucket(ctx, cm.Name); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: pollInterval}, nil
	}
	controllerutil.RemoveFinalizer(cm, Finalizer)
	return ctrl.Result{}, client.IgnoreNotFound(r.Update(ctx, cm))
}

// SetupWithManager registers the reconciler with one worker, the default.
func (r *AsyncBucketReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("bucket-async").
		For(&corev1.ConfigMap{}).
		Complete(r)
}
