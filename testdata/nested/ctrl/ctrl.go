// Package ctrl is the controller: its worker, named by -blocking.entries so
// that the fixture needs no dependency, calls the providers.
package ctrl

import (
	"context"

	cloud "example.com/cloudprov"
)

// Provider cleans up after a deleted object.
type Provider interface {
	Cleanup(ctx context.Context, name string) error
}

// providers holds what the build registers (see register_slow.go).
var providers []Provider

type Worker struct{}

func (w *Worker) Sync(ctx context.Context, key string) error {
	for _, p := range providers {
		if err := p.Cleanup(ctx, key); err != nil {
			return err
		}
	}
	if err := cloud.DeleteBounded(ctx, key); err != nil {
		return err
	}
	return cloud.Delete(ctx, key)
}
