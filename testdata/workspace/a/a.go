// Package a is a member of a go.work workspace, analyzed under
// GOFLAGS=-mod=mod, which go refuses in workspace mode: the command drops
// the flag, says so, and analyzes it.
package a

import (
	"context"
	"time"
)

type W struct{}

func (W) Sync(ctx context.Context, key string) error {
	time.Sleep(time.Minute)
	return nil
}
