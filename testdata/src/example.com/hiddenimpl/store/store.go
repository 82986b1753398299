// Package store hands out its implementations as an interface: no
// exported declaration of it names the package backend, which only the
// implementation's body calls. Under go vet, whose export data lists only
// the packages a package's exported declarations mention, backend is not
// among the imports the binding's package sees.
package store

import (
	"context"
	"sync"

	"example.com/hiddenimpl/store/backend"
)

type Store interface {
	Sync(ctx context.Context, name string) error
}

func New() Store { return &waiting{} }

// NewAsync is the corrected twin: it returns at once.
func NewAsync() Store { return &async{} }

type waiting struct {
	mu    sync.Mutex
	names map[string]bool
}

func (s *waiting) Sync(ctx context.Context, name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.names[name] {
		return nil
	}
	return backend.Wait(ctx, name)
}

type async struct{}

func (async) Sync(ctx context.Context, name string) error { return nil }
