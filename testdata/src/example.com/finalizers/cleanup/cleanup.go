// Package cleanup holds a deletion helper in another package: its bad
// return reaches the Reconcile through a fact.
package cleanup

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Cloud interface {
	Delete(ctx context.Context, name string) (done bool, err error)
}

// Finalize deletes the external resource.
func Finalize(ctx context.Context, cloud Cloud, obj client.Object) (ctrl.Result, error) { // want Finalize:`finalizer\(removes=true; returns at cleanup.Finalize \(cleanup/cleanup.go:24\)\)`
	done, err := cloud.Delete(ctx, obj.GetName())
	if err != nil {
		return ctrl.Result{}, err
	}
	if !done {
		return ctrl.Result{}, nil
	}
	controllerutil.RemoveFinalizer(obj, "example.com/cleanup")
	return ctrl.Result{}, nil
}

// Forget removes the finalizer: a caller that returns after it is fine.
func Forget(obj client.Object) { controllerutil.RemoveFinalizer(obj, "example.com/cleanup") } // want Forget:`finalizer\(removes=true\)`

// Ensure adds a finalizer to the object it is given: the types callers pass
// keep one.
func Ensure(obj client.Object) { controllerutil.AddFinalizer(obj, "example.com/cleanup") } // want Ensure:`finalizer\(removes=false; adds\)`
