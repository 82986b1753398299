// Package sqlpkg is a generic reconciler that runs the wrapped reconciler
// it is given through a finalizer it builds: two dispatches in a row, the
// second through an interface the constructor's argument decides.
package sqlpkg

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
)

type Wrapped interface {
	Reconcile(ctx context.Context) error
}

type Finalizer interface {
	Finalize(ctx context.Context) error
}

type SqlFinalizer struct{ Wrapped Wrapped }

func NewSqlFinalizer(w Wrapped) Finalizer { return &SqlFinalizer{Wrapped: w} }

func (f *SqlFinalizer) Finalize(ctx context.Context) error { return f.Wrapped.Reconcile(ctx) }

type SqlReconciler struct{ Finalizer Finalizer }

func (r *SqlReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.Finalizer.Finalize(ctx)
}
