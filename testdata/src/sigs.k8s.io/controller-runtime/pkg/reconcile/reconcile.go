// Package reconcile is a stub of controller-runtime's, for analyzer tests.
package reconcile

import (
	"context"
	"time"
)

type Request struct{ Name, Namespace string }

type Result struct {
	Requeue      bool
	RequeueAfter time.Duration
}

// IsZero has a pointer receiver, as controller-runtime's: calling it takes
// the Result's address.
func (r *Result) IsZero() bool { return r == nil || *r == Result{} }

type TypedReconciler[R comparable] interface {
	Reconcile(context.Context, R) (Result, error)
}

type Reconciler = TypedReconciler[Request]

type TypedFunc[R comparable] func(context.Context, R) (Result, error)

func (f TypedFunc[R]) Reconcile(ctx context.Context, r R) (Result, error) { return f(ctx, r) }

type Func = TypedFunc[Request]

type ObjectReconciler[T any] interface {
	Reconcile(context.Context, T) (Result, error)
}

func AsReconciler[T any](rec ObjectReconciler[T]) Reconciler { return nil }
