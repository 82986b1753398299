// Package ctrl has a finding in its own code, and an internal test file
// that does not type-check: with -tests off, that must not cost ctrl its
// analysis.
package ctrl

import (
	"context"
	"time"
)

// Worker is named by -blocking.entries, so that this module needs no
// dependency.
type Worker struct{}

func (w *Worker) Sync(ctx context.Context, key string) error {
	time.Sleep(2 * time.Minute)
	return nil
}
