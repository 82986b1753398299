// Package wrapped calls a module's database helper package under the
// reconcile ctx: one bound at the top of Reconcile (or the controller's
// ReconciliationTimeout) cures every such call, so they are one finding at
// Reconcile, each call one of its places (TestReconcileCtxPlaces).
package wrapped

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"example.com/ctxd/dbwrap"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct {
	DB      *sql.DB
	Deleted bool
	Limit   time.Duration
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `\(\*sql.DB\).QueryRowContext can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\): \(\*wrapped.Reconciler\).Reconcile \(wrapped/wrapped.go:31\) -> \(\*dbwrap.Client\).ReplicaStatus .*; bound the reconcile ctx for the whole entry: set ReconciliationTimeout in the controller's options.* \(and 6 other blocking calls through the same ctx\)`
	client := dbwrap.New(r.DB)
	if r.Deleted {
		if err := client.DropDatabase(ctx, req.Name); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	if err := client.ReplicaStatus(ctx); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.status(ctx, client); err != nil {
		return ctrl.Result{}, err
	}
	// Three helpers, each with its own context.Background(): three
	// findings, each at its Background() in dbwrap, the fix.
	_ = client.Version()
	_ = client.Grants()
	_ = client.Users()
	_ = client.Legacy()

	// Statements that carry their own limit, made by the helper or by
	// this caller: the server ends them. Their twins carry none.
	_ = client.WaitForGtid(ctx, "0-1-42", 10*time.Second)
	_ = client.GetLock(ctx, "backup", 10*time.Second)
	_ = client.Exec(ctx, fmt.Sprintf("SET STATEMENT max_statement_time=%d FOR OPTIMIZE TABLE t", int(r.Limit.Seconds())))
	_ = client.Exec(ctx, "OPTIMIZE TABLE t")
	_ = client.LockTables(ctx)
	_ = client.KillQuery(ctx, 7)
	_ = client.PurgeBefore(ctx, 24*time.Hour)

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
	return client.ReplicaStatus(ctx)
}
