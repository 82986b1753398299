// Package dsn runs database calls under the reconcile ctx, which has no
// deadline, on handles whose driver may bound every read: a read timeout
// in the DSN or the driver's config bounds the call (silent); a dial
// timeout alone does not (reported).
package dsn

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/go-sql-driver/mysql"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{ Host string }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `\(\*sql.DB\).QueryRowContext can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\): \(\*dsn.Reconciler\).Reconcile \(dsn/dsn.go:22\) .* \(and 1 other blocking call through the same ctx\)`
	// Only a dial timeout: a query that hangs holds the worker.
	dialOnly, _ := sql.Open("mysql", "app@tcp(db:3306)/app?timeout=5s")
	_ = dialOnly.QueryRowContext(ctx, "SELECT 1").Err()

	// The corrected twins: a read timeout in the DSN, in a formatted DSN,
	// in the driver's config, or PostgreSQL's statement_timeout.
	withRead, _ := sql.Open("mysql", "app@tcp(db:3306)/app?timeout=5s&readTimeout=30s&writeTimeout=30s")
	_ = withRead.QueryRowContext(ctx, "SELECT 1").Err()

	formatted, _ := sql.Open("mysql", fmt.Sprintf("app@tcp(%s)/app?readTimeout=30s", r.Host))
	_, _ = formatted.ExecContext(ctx, "SELECT 1")

	cfg := mysql.NewConfig()
	cfg.Addr = r.Host
	cfg.ReadTimeout = 30 * time.Second
	connector, _ := mysql.NewConnector(cfg)
	fromConfig := sql.OpenDB(connector)
	_ = fromConfig.PingContext(ctx)

	fromDSN, _ := sql.Open("mysql", cfg.FormatDSN())
	_ = fromDSN.PingContext(ctx)

	pg, _ := sql.Open("postgres", "postgres://app@db/app?statement_timeout=30000")
	_, _ = pg.QueryContext(ctx, "SELECT 1")

	// A config with only the dial timeout set: reported.
	dialCfg := mysql.NewConfig()
	dialCfg.Timeout = 5 * time.Second
	dialConnector, _ := mysql.NewConnector(dialCfg)
	_, _ = sql.OpenDB(dialConnector).ExecContext(ctx, "SELECT 1")
	return ctrl.Result{}, nil
}

// Store keeps the handle it opened: the driver's bound travels with it.
type Store struct{ db *sql.DB }

func NewStore(host string) *Store {
	db, _ := sql.Open("mysql", "app@tcp("+host+")/app?readTimeout=10s")
	return &Store{db: db}
}

func NewDialOnlyStore(host string) *Store {
	db, _ := sql.Open("mysql", "app@tcp("+host+")/app")
	return &Store{db: db}
}

func (s *Store) Version(ctx context.Context) error {
	// Reported here, where the operation is bounded, for the store whose
	// handle has no read timeout only.
	return s.db.QueryRowContext(ctx, "SELECT version()").Err()
}

type StoreReconciler struct{ Host string }

func (r *StoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `\(\*sql.DB\).QueryRowContext can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\): \(\*dsn.StoreReconciler\).Reconcile \(dsn/dsn.go:76\) -> \(\*dsn.Store\).Version \(dsn/dsn.go:69\)`
	_ = NewStore(r.Host).Version(ctx)
	return ctrl.Result{}, NewDialOnlyStore(r.Host).Version(ctx)
}

// ParamsReconciler sets the driver's timeouts through the config's Params,
// which FormatDSN writes into the DSN and the driver parses back. A read
// timeout set from a value the engine cannot compute still bounds every
// read (silent); "0s", which disables it, or a dial timeout alone does not
// (reported).
type ParamsReconciler struct {
	Host    string
	Timeout int32
}

func (r *ParamsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `\(\*sql.DB\).PingContext can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\): \(\*dsn.ParamsReconciler\).Reconcile \(dsn/dsn.go:106\) .* \(and 1 other blocking call through the same ctx\)`
	timeout := fmt.Sprintf("%ds", r.Timeout)
	cfg := mysql.NewConfig()
	cfg.Addr = r.Host
	cfg.Params = map[string]string{"timeout": timeout, "readTimeout": timeout}
	bounded, _ := sql.Open("mysql", cfg.FormatDSN())
	_ = bounded.PingContext(ctx)

	later := mysql.NewConfig()
	later.Params = map[string]string{}
	later.Params["readTimeout"] = timeout
	boundedLater, _ := sql.Open("mysql", later.FormatDSN())
	_ = boundedLater.PingContext(ctx)

	disabled := mysql.NewConfig()
	disabled.Params = map[string]string{"timeout": timeout, "readTimeout": "0s"}
	off, _ := sql.Open("mysql", disabled.FormatDSN())
	_ = off.PingContext(ctx)

	dialOnly := mysql.NewConfig()
	dialOnly.Params = map[string]string{"timeout": timeout}
	dial, _ := sql.Open("mysql", dialOnly.FormatDSN())
	_ = dial.PingContext(ctx)
	return ctrl.Result{}, nil
}
