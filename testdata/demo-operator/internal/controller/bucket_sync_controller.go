package controller

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SyncStampReconciler records when it last looked at each ConfigMap, in an
// annotation of the ConfigMap itself. Every Update is a watch event for the
// ConfigMap, and the time differs on every call: it reconciles itself
// forever, and its worker never rests.
type SyncStampReconciler struct {
	client.Client
}

func (r *SyncStampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Annotations == nil {
		cm.Annotations = map[string]string{}
	}
	cm.Annotations["demo.example.com/last-sync"] = time.Now().Format(time.RFC3339)
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// SetupWithManager registers the reconciler with no predicate.
func (r *SyncStampReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("bucket-sync-stamp").
		For(&corev1.ConfigMap{}).
		Complete(r)
}
