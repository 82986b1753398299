// Package dbwrap is a module's own database helper package, as operators
// write them: each method runs one statement under the caller's ctx, or
// under a context of its own.
package dbwrap

import (
	"context"
	"database/sql"
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
	return c.db.QueryRowContext(context.Background(), "SELECT version()").Err()
}

func (c *Client) Grants() error {
	return c.exec(context.Background(), "SHOW GRANTS")
}

func (c *Client) Users() error {
	_, err := c.db.QueryContext(context.Background(), "SELECT user FROM mysql.user")
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
