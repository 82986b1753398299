// Package ctrl needs dep's internal build tag to type-check, and has a
// finding: its worker, named by -blocking.entries so that this module
// needs no dependency, sleeps.
package ctrl

import (
	"context"
	"time"

	idep "example.com/buildtags/dep"
)

type Worker struct{ last idep.Data }

func (w *Worker) Sync(ctx context.Context, key string) error {
	time.Sleep(time.Minute)
	return nil
}
