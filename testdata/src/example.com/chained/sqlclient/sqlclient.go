// Package sqlclient is the module's own database helper package.
package sqlclient

import (
	"context"
	"database/sql"
)

type Client struct{ db *sql.DB }

func New(db *sql.DB) *Client { return &Client{db: db} }

// DropDatabase runs under the caller's ctx.
func (c *Client) DropDatabase(ctx context.Context, name string) error {
	_, err := c.db.ExecContext(ctx, "DROP DATABASE "+name)
	return err
}
