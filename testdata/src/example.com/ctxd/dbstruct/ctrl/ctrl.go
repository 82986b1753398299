// Package ctrl passes the handles by value to a helper that runs statements
// without a context: the one with a read timeout is bounded, the dial-only
// one is not.
package ctrl

import (
	"context"

	"example.com/ctxd/dbstruct/queries"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct{ Timeout int32 }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	primary, err := queries.New(req.Name, r.Timeout)
	if err != nil {
		return reconcile.Result{}, err
	}
	if err := sync(primary); err != nil {
		return reconcile.Result{}, err
	}
	replica, err := queries.NewDialOnly(req.Name)
	if err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, sync(replica)
}

func sync(db queries.Database) error {
	if err := db.Channels(); err != nil {
		return err
	}
	return db.Stop()
}
