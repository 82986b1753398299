// Package resync waits for a resync to start (up to 30s), then to finish
// (up to 2h), each in a loop that a ctx's deadline ends.
package resync

import (
	"context"
	"errors"
	"time"
)

func Wait(ctx context.Context, running func(context.Context) bool) error {
	ticker := time.NewTicker(50 * time.Millisecond)
	defer ticker.Stop()

	startCtx, cancelStart := context.WithTimeout(ctx, 30*time.Second)
	defer cancelStart()
	started := func() error {
		for {
			select {
			case <-startCtx.Done():
				return errors.New("resync not started until deadline")
			case <-ticker.C:
				if running(startCtx) {
					return nil
				}
			}
		}
	}
	if err := started(); err != nil {
		return err
	}

	ticker.Reset(time.Second)
	finishCtx, cancelFinish := context.WithTimeout(ctx, 2*time.Hour)
	defer cancelFinish()
	finished := func() error {
		for {
			select {
			case <-finishCtx.Done():
				return errors.New("resync not finished until deadline")
			case <-ticker.C:
				if !running(finishCtx) {
					return nil
				}
			}
		}
	}
	return finished()
}
