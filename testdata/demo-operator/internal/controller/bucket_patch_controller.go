package controller

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"example.com/demo-operator/internal/cloud"
)

// PatchingBucketReconciler is written the way cluster-api's controllers
// are: a deferred patch of the object on every return, named results, and
// every cloud call bounded by a timeout. Its waits are fine; its finalizer
// branch is not: while the cloud is still deleting the bucket, it returns
// without asking to be called again, so the ConfigMap stays Terminating.
type PatchingBucketReconciler struct {
	client.Client
	Cloud *cloud.Client
}

func (r *PatchingBucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, reterr error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	original := cm.DeepCopy()
	defer func() {
		if err := r.Patch(ctx, &cm, client.MergeFrom(original)); err != nil {
			reterr = errors.Join(reterr, err)
		}
	}()
	cloudCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()

	if !cm.DeletionTimestamp.IsZero() {
		exists, err := r.Cloud.BucketExists(cloudCtx, cm.Name)
		if err != nil {
			return ctrl.Result{}, err
		}
		if exists {
			if err := r.Cloud.DeleteBucket(cloudCtx, cm.Name); err != nil {
				return ctrl.Result{}, err
			}
			return ctrl.Result{}, nil // the bucket is still there and the finalizer still set
		}
		controllerutil.RemoveFinalizer(&cm, Finalizer)
		return ctrl.Result{}, nil
	}
	controllerutil.AddFinalizer(&cm, Finalizer)
	if err := r.Cloud.CreateBucket(cloudCtx, cm.Name); err != nil {
		// The delay is thrown away: with an error, controller-runtime
		// requeues with its backoff instead.
		return ctrl.Result{RequeueAfter: time.Minute}, err
	}
	return ctrl.Result{}, nil
}

// SetupWithManager registers the reconciler with one worker, the default.
func (r *PatchingBucketReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("bucket-patching").
		For(&corev1.ConfigMap{}).
		Complete(r)
}
