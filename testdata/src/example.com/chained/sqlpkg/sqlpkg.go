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

func (r *SqlReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `\(\*sql.DB\).ExecContext can block the reconcile worker forever: the value bound to sqlpkg.SqlReconciler.Finalizer at controllers/controllers.go:35 leaves it unbounded \(the reconcile ctx, which has no deadline\): \(\*sqlpkg.SqlReconciler\).Reconcile .* -> \(\*controllers.wrappedDatabase\).Reconcile \(controllers/controllers.go:19\) .*; bound the reconcile ctx for the whole entry: set ReconciliationTimeout in the controller's options`
	return ctrl.Result{}, r.Finalizer.Finalize(ctx)
}
