package owners

import (
	"context"
	"time"

	"example.com/finalizers/k8sutil"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// The deletion test kept in a variable.
type DeletingVar struct{ base }

func (r *DeletingVar) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	isDeleting := o.DeletionTimestamp != nil
	r.Status().Update(ctx, &o)
	if isDeleting {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	controllerutil.AddFinalizer(&o, finalizer) // this reconciler keeps the finalizer
	return ctrl.Result{}, r.Update(ctx, &o)
}

type DeletingVarFixed struct{ base }

func (r *DeletingVarFixed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	isDeleting := o.DeletionTimestamp != nil
	r.Status().Update(ctx, &o)
	if isDeleting {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	controllerutil.AddFinalizer(&o, finalizer) // this reconciler keeps the finalizer
	return ctrl.Result{}, r.Update(ctx, &o)
}

// The deletion test in a helper of the package.
func isMarkedForDeletion(o *Owned) bool { return !o.GetDeletionTimestamp().IsZero() }

func beingDeleted(o *Owned) bool {
	if o.DeletionTimestamp == nil {
		return false
	}
	return true
}

type DeletingHelper struct{ base }

func (r *DeletingHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	if isMarkedForDeletion(&o) {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	controllerutil.AddFinalizer(&o, finalizer) // this reconciler keeps the finalizer
	return ctrl.Result{}, r.Update(ctx, &o)
}

type DeletingConstHelper struct{ base }

func (r *DeletingConstHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	if beingDeleted(&o) {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	controllerutil.AddFinalizer(&o, finalizer) // this reconciler keeps the finalizer
	return ctrl.Result{}, r.Update(ctx, &o)
}

// A bool helper that tests something else is no deletion test.
func pending(o *Owned) bool {
	if o.DeletionTimestamp == nil {
		return o.Name == "pending"
	}
	return true
}

type NotADeletionTest struct{ base }

func (r *NotADeletionTest) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	if pending(&o) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

type DeletingHelperFixed struct{ base }

func (r *DeletingHelperFixed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	if isMarkedForDeletion(&o) && controllerutil.ContainsFinalizer(&o, finalizer) {
		controllerutil.RemoveFinalizer(&o, finalizer)
		return ctrl.Result{}, r.Update(ctx, &o)
	}
	if beingDeleted(&o) {
		return ctrl.Result{}, nil // the finalizer is gone
	}
	controllerutil.AddFinalizer(&o, finalizer) // this reconciler keeps the finalizer
	return ctrl.Result{}, r.Update(ctx, &o)
}

// Deletion tests of another package, through facts.
type DeletingShared struct{ base }

func (r *DeletingShared) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	if k8sutil.IsMarkedForDeletion(o.ObjectMeta) {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	controllerutil.AddFinalizer(&o, finalizer) // this reconciler keeps the finalizer
	return ctrl.Result{}, r.Update(ctx, &o)
}

type DeletingSharedFixed struct{ base }

func (r *DeletingSharedFixed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	if !k8sutil.IsAlive(&o) {
		if !controllerutil.ContainsFinalizer(&o, finalizer) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	if !k8sutil.HasName(&o) {
		return ctrl.Result{}, nil // not a deletion test
	}
	controllerutil.AddFinalizer(&o, finalizer) // this reconciler keeps the finalizer
	return ctrl.Result{}, r.Update(ctx, &o)
}

type DeletingAlive struct{ base }

func (r *DeletingAlive) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	if k8sutil.IsAlive(&o) {
		controllerutil.AddFinalizer(&o, finalizer) // this reconciler keeps the finalizer
		return ctrl.Result{}, r.Update(ctx, &o)
	}
	return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
}
