package owners

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Checked gets its finalizer through a helper that touches the object's
// finalizers three times (test, add, undo on a failed update): each touch
// keeps the finalizer of the types its callers pass, and only those, so
// Plain above and Validated here stay silent.
type (
	Checked   struct{ metav1.ObjectMeta }
	Validated struct{ metav1.ObjectMeta }
)

func maybeAddFinalizer(ctx context.Context, c client.Client, o client.Object) error {
	if o.GetDeletionTimestamp() == nil && !controllerutil.ContainsFinalizer(o, finalizer) {
		controllerutil.AddFinalizer(o, finalizer)
		if err := c.Update(ctx, o); err != nil {
			controllerutil.RemoveFinalizer(o, finalizer)
			return err
		}
	}
	return nil
}

type CheckedReconciler struct{ base }

func (r *CheckedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var k Checked
	if k.DeletionTimestamp != nil {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	return ctrl.Result{}, maybeAddFinalizer(ctx, r.Client, &k)
}

// A reconciler of the same package whose type never gets a finalizer: its
// "ignore deleted objects" return has nothing to wait for.
type ValidatedReconciler struct{ base }

func (r *ValidatedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var v Validated
	if v.GetDeletionTimestamp() != nil {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Update(ctx, &v)
}
