// Package aliasonly refers to controller-runtime only through the ctrl
// aliases, and tests finalizers with slices.Contains: the pre-check must
// still analyze it.
package aliasonly

import (
	"context"
	"slices"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(removes=false; .*\)`
	var obj struct{ metav1.ObjectMeta }
	if obj.DeletionTimestamp != nil && slices.Contains(obj.GetFinalizers(), "example.com/f") {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter while the finalizer is still set`
	}
	return ctrl.Result{}, nil
}
