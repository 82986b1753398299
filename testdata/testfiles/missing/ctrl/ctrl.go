// Package ctrl has a finding in its own code, and an external test file
// that imports a module that cannot exist: with -tests off, that must not
// cost ctrl its analysis.
package ctrl

import (
	"context"
	"time"
)

// Worker is named by -blocking.entries, so that this module needs no
// dependency.
type Worker struct{}

func (w *Worker) Sync(ctx context.Context, key string) error {
	time.Sleep(time.Minute)
	return nil
}
