// Package sdk does I/O that only its context bounds.
package sdk

import (
	"context"
	"database/sql"
	"os/exec"
)

// RunCommand runs a tool under ctx.
func RunCommand(ctx context.Context) error {
	return exec.CommandContext(ctx, "cloudctl", "sync").Run()
}

// Query asks the database under ctx.
func Query(ctx context.Context, db *sql.DB) error {
	_, err := db.QueryContext(ctx, "SELECT 1")
	return err
}

// BackgroundContext is the kind of helper an SDK offers.
func BackgroundContext() context.Context { return context.Background() }

// WaitFor waits for a result or for ctx.
func WaitFor(ctx context.Context, results <-chan error) error {
	select {
	case err := <-results:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Ping checks the database under ctx.
func Ping(ctx context.Context, db *sql.DB) error { return db.PingContext(ctx) }
