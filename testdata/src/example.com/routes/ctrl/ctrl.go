// Package ctrl reaches a login that main binds from one entry in two ways
// (Reconcile logs in, and so does its finalizer's helper), and from a
// second entry. The finalizer's way is one more way to one operation, the
// login: no place of its own. The second entry is one.
package ctrl

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Authenticator interface {
	Login(ctx context.Context) error
}

type BucketReconciler struct {
	Auth     Authenticator
	deleting bool
}

func (r *BucketReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	if r.deleting {
		return reconcile.Result{}, r.revoke(ctx)
	}
	return reconcile.Result{}, r.Auth.Login(ctx)
}

func (r *BucketReconciler) revoke(ctx context.Context) error {
	return r.Auth.Login(ctx)
}

type QueueReconciler struct{ Auth Authenticator }

func (r *QueueReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, r.Auth.Login(ctx)
}
