// Package unseen calls IsBeingDeleted through an interface whose
// implementations it never converts: no method is visible, and the name
// alone does not make a deletion test.
package unseen

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "example.com/unseen"

type Resource interface {
	client.Object
	IsBeingDeleted() bool
}

type Reconciler struct {
	client.Client
	New func() Resource
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	res := r.New()
	if res.IsBeingDeleted() {
		return ctrl.Result{}, nil
	}
	controllerutil.AddFinalizer(res, finalizer)
	return ctrl.Result{}, r.Update(ctx, res)
}
