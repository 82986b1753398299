// Package wrapped calls a module's database helper package under the
// reconcile ctx: each call that names an operation is where its deadline
// goes, one finding each, at that call.
package wrapped

import (
	"context"
	"database/sql"
	"time"

	"example.com/ctxd/dbwrap"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct {
	DB      *sql.DB
	Deleted bool
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	client := dbwrap.New(r.DB)
	if r.Deleted {
		if err := client.DropDatabase(ctx, req.Name); err != nil { // want `\(\*sql.DB\).ExecContext can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\): \(\*wrapped.Reconciler\).Reconcile \(wrapped/wrapped.go:23\) -> \(\*dbwrap.Client\).DropDatabase`
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	if err := client.ReplicaStatus(ctx); err != nil { // want `\(\*sql.DB\).QueryRowContext can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\): \(\*wrapped.Reconciler\).Reconcile \(wrapped/wrapped.go:28\) -> \(\*dbwrap.Client\).ReplicaStatus`
		return ctrl.Result{}, err
	}
	if err := r.status(ctx, client); err != nil {
		return ctrl.Result{}, err
	}
	// Three helpers, each with its own context.Background(): three
	// findings, each naming its Background().
	_ = client.Version() // want `nothing bounds it \(context.Background\(\) \(dbwrap/dbwrap.go:33\)\)`
	_ = client.Grants()  // want `nothing bounds it \(context.Background\(\) \(dbwrap/dbwrap.go:37\)\)`
	_ = client.Users()   // want `nothing bounds it \(context.Background\(\) \(dbwrap/dbwrap.go:41\)\)`
	_ = client.Legacy()

	// The corrected twins: a deadline on the reconcile ctx for the
	// operation, and a helper that makes its own bounded context.
	bounded, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	_ = client.DropDatabase(bounded, req.Name)
	_ = client.ReplicaStatus(bounded)
	_ = client.Bounded()
	return ctrl.Result{}, nil
}

// status reaches the helper package from a helper of its own: the call
// into the helper package is the place.
func (r *Reconciler) status(ctx context.Context, client *dbwrap.Client) error {
	return client.ReplicaStatus(ctx) // want `\(\*sql.DB\).QueryRowContext can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\): \(\*wrapped.Reconciler\).Reconcile \(wrapped/wrapped.go:31\) -> \(\*wrapped.Reconciler\).status \(wrapped/wrapped.go:54\) -> \(\*dbwrap.Client\).ReplicaStatus`
}
