// Package ctrl has a client-go style worker, named by -blocking.entries so
// that this module needs no dependency. It reaches deep's unexported wait
// through mid, through deep's exported method, and through an interface
// whose implementation is unexported.
package ctrl

import (
	"context"

	"example.com/parity/deep"
	"example.com/parity/mid"
)

type Worker struct{}

func (w *Worker) Sync(ctx context.Context, key string) error {
	mid.Run()
	mid.Each([]deep.Impl{{}})
	deep.Hidden().Do()
	return nil
}

// Resync reaches the same wait as Sync: one finding at the wait, with the
// other calls of Sync and Resync's chains as related information.
func (w *Worker) Resync(ctx context.Context) error {
	return w.Sync(ctx, "all")
}
