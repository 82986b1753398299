// Package deleting waits inside and outside a finalizer branch.
package deleting

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj struct{ metav1.ObjectMeta }
	if obj.DeletionTimestamp != nil {
		r.waitGone()
		return ctrl.Result{}, nil
	}
	time.Sleep(2 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 2s\)`
	return ctrl.Result{}, nil
}

func (r *Reconciler) waitGone() {
	time.Sleep(3 * time.Second) // want `time.Sleep blocks the reconcile worker in the finalizer branch \(waits up to 3s\)`
}
