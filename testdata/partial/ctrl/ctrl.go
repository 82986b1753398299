// Package ctrl loads and has a finding: its worker, named by
// -blocking.entries so that this module needs no dependency, sleeps.
package ctrl

import (
	"context"
	"time"
)

type Worker struct{}

func (w *Worker) Sync(ctx context.Context, key string) error {
	time.Sleep(time.Minute)
	return nil
}
