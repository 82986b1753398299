// Package dbwrap is a module's own database helper package, as operators
// write them: each method runs one statement under the caller's ctx, or
// under a context of its own.
package dbwrap

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

type Client struct{ db *sql.DB }

func New(db *sql.DB) *Client { return &Client{db: db} }

func (c *Client) exec(ctx context.Context, query string) error {
	_, err := c.db.ExecContext(ctx, query)
	return err
}

// DropDatabase and ReplicaStatus run under the caller's ctx: the caller
// decides their bound.
func (c *Client) DropDatabase(ctx context.Context, name string) error {
	return c.exec(ctx, "DROP DATABASE "+name)
}

func (c *Client) ReplicaStatus(ctx context.Context) error {
	return c.db.QueryRowContext(ctx, "SHOW SLAVE STATUS").Err()
}

// Version, Grants and Users each make their own context.Background(): three
// places to fix.
func (c *Client) Version() error {
	return c.db.QueryRowContext(context.Background(), "SELECT version()").Err() // want `nothing bounds it \(context.Background\(\) \(dbwrap/dbwrap.go:35\)\)`
}

func (c *Client) Grants() error {
	return c.exec(context.Background(), "SHOW GRANTS") // want `nothing bounds it \(context.Background\(\) \(dbwrap/dbwrap.go:39\)\)`
}

func (c *Client) Users() error {
	_, err := c.db.QueryContext(context.Background(), "SELECT user FROM mysql.user") // want `nothing bounds it \(context.Background\(\) \(dbwrap/dbwrap.go:43\)\)`
	return err
}

// Bounded makes its own context with a deadline: fine.
func (c *Client) Bounded() error {
	ctx, cancel := context.WithTimeout(context.Background(), 10_000_000_000)
	defer cancel()
	return c.exec(ctx, "SELECT 1")
}

// Legacy uses database/sql's methods without a context, which run under
// context.Background().
func (c *Client) Legacy() error {
	return c.db.QueryRow("SELECT version()").Err() // want `\(\*sql.DB\).QueryRow can block the reconcile worker forever: nothing bounds it \(no context: database/sql runs it under context.Background\(\)\)`
}

// WaitForGtid waits on the server for the replica to reach gtid, for at
// most timeout: the statement carries its own limit, which the server
// honours, so the caller's ctx is not what bounds it.
func (c *Client) WaitForGtid(ctx context.Context, gtid string, timeout time.Duration) error {
	query := fmt.Sprintf("SELECT MASTER_GTID_WAIT('%s', %d)", gtid, int(timeout.Seconds()))
	return c.db.QueryRowContext(ctx, query).Err()
}

// GetLock passes its limit as an argument of the statement.
func (c *Client) GetLock(ctx context.Context, name string, timeout time.Duration) error {
	return c.db.QueryRowContext(ctx, "SELECT GET_LOCK(?, ?)", name, timeout.Seconds()).Err()
}

// Exec runs a statement its caller built: the caller's statement decides.
func (c *Client) Exec(ctx context.Context, query string) error {
	return c.exec(ctx, query)
}

// LockTables, KillQuery and PurgeBefore carry no limit in their
// statements: a number that is not a duration, a point in time made from
// one. Only the ctx bounds them.
func (c *Client) LockTables(ctx context.Context) error {
	return c.exec(ctx, "FLUSH TABLES WITH READ LOCK")
}

func (c *Client) KillQuery(ctx context.Context, id int) error {
	return c.exec(ctx, fmt.Sprintf("KILL QUERY %d", id))
}

func (c *Client) PurgeBefore(ctx context.Context, retention time.Duration) error {
	return c.exec(ctx, fmt.Sprintf("PURGE BINARY LOGS BEFORE '%s'", time.Now().Add(-retention).Format(time.DateTime)))
}
