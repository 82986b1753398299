// Package controllers binds a generic reconciler of another package whose
// finalizer, built by that package's constructor, runs this package's
// wrapped reconciler: its database operation under the reconcile ctx is
// reported at the call that names it, naming the binding.
package controllers

import (
	"context"
	"database/sql"
	"time"

	"example.com/chained/sqlclient"
	"example.com/chained/sqlpkg"
)

type wrappedDatabase struct{ client *sqlclient.Client }

func (w *wrappedDatabase) Reconcile(ctx context.Context) error {
	return w.client.DropDatabase(ctx, "app")
}

// The corrected twin: the wrapped reconciler bounds its own operation.
type boundedDatabase struct{ client *sqlclient.Client }

func (w *boundedDatabase) Reconcile(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return w.client.DropDatabase(ctx, "app")
}

func Setup(db *sql.DB) []*sqlpkg.SqlReconciler {
	client := sqlclient.New(db)
	return []*sqlpkg.SqlReconciler{
		{Finalizer: sqlpkg.NewSqlFinalizer(&boundedDatabase{client: client})},
		{Finalizer: sqlpkg.NewSqlFinalizer(&wrappedDatabase{client: client})},
	}
}
