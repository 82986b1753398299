// Package controller holds two reconcilers for the same job: keep a cloud
// bucket for every ConfigMap labelled demo.example.com/bucket.
//
// BucketReconciler is the incident: its finalizer branch waits for the cloud
// to finish deleting, holding the only worker while it does.
// AsyncBucketReconciler is the fix: it returns RequeueAfter instead.
package controller

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"example.com/demo-operator/internal/cloud"
)

// Finalizer keeps the ConfigMap until its bucket is gone.
const Finalizer = "demo.example.com/bucket"

// BucketReconciler blocks its worker: do not copy it.
type BucketReconciler struct {
	client.Client
	Cloud *cloud.Client
}

func (r *BucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
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
	if err := r.Cloud.CreateBucket(ctx, cm.Name); err != nil {
		return ctrl.Result{}, err
	}
	// Waits up to five minutes for the bucket, inside Reconcile.
	return ctrl.Result{}, r.Cloud.WaitReady(ctx, cm.Name)
}

func (r *BucketReconciler) finalize(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	// A context with no deadline: a stuck CLI holds the worker.
	if err := r.Cloud.Snapshot(context.TODO(), cm.Name); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Cloud.DeleteBucket(ctx, cm.Name); err != nil {
		return ctrl.Result{}, err
	}
	gone, err := r.waitGone(ctx, cm.Name)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !gone {
		// Gave up waiting, and returns as if all were done: nothing calls
		// Reconcile again, and the ConfigMap stays Terminating.
		return ctrl.Result{}, nil
	}
	controllerutil.RemoveFinalizer(cm, Finalizer)
	return ctrl.Result{}, client.IgnoreNotFound(r.Update(ctx, cm))
}

// waitGone polls the cloud until the bucket is gone, ten times at most. While
// it sleeps, no other ConfigMap is reconciled: new ones stay without a bucket
// and deleted ones stay Terminating.
func (r *BucketReconciler) waitGone(ctx context.Context, name string) (bool, error) {
	for range 10 {
		exists, err := r.Cloud.BucketExists(ctx, name)
		if err != nil || !exists {
			return !exists, err
		}
		time.Sleep(5 * time.Second)
	}
	return false, nil
}

// SetupWithManager registers the reconciler with one worker, the default.
func (r *BucketReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("bucket").
		For(&corev1.ConfigMap{}).
		WithOptions(controller.Options{MaxConcurrentReconciles: 1}).
		Complete(r)
}
