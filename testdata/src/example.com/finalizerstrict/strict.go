// Package finalizerstrict has a reconciler of a type that keeps a
// finalizer, which runs its work through an interface of its own whose
// implementation this package cannot see. Nothing shows that it adds or
// removes the finalizer, so ignoring deleted objects is not reported;
// -strict reports it as unproven.
package finalizerstrict

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Zone struct{ metav1.ObjectMeta }

// Syncer is implemented elsewhere and bound in main.
type Syncer interface {
	Sync(ctx context.Context, z *Zone) error
}

type Reconciler struct {
	client.Client
	Syncer Syncer
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var z Zone
	if z.DeletionTimestamp != nil {
		return ctrl.Result{}, nil // want `possibly \(-strict\): finalizer branch returns without RequeueAfter while finalizer "example.com/zone" is still set`
	}
	return ctrl.Result{}, r.Syncer.Sync(ctx, &z)
}

// Keep is how another reconciler of the package keeps the finalizer on a
// Zone.
func Keep(ctx context.Context, c client.Client, z *Zone) error { // want Keep:`finalizer\(removes=false; adds\)`
	if controllerutil.AddFinalizer(z, "example.com/zone") {
		return c.Update(ctx, z)
	}
	return nil
}
