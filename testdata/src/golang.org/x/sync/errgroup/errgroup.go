// Package errgroup is a stub of golang.org/x/sync/errgroup for the fixtures.
package errgroup

import (
	"context"
	"sync"
)

type Group struct {
	wg  sync.WaitGroup
	err error
}

func WithContext(ctx context.Context) (*Group, context.Context) { return &Group{}, ctx }

func (g *Group) Go(f func() error) {
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		if err := f(); err != nil {
			g.err = err
		}
	}()
}

func (g *Group) Wait() error {
	g.wg.Wait()
	return g.err
}
