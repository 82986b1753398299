// Package auth logs in with a retry of its own: a 30s wait in module code,
// reported where it waits.
package auth

import (
	"context"
	"errors"
	"time"
)

var errDown = errors.New("down")

type Client struct{ Addr string }

func (c Client) try(context.Context) error { return errDown }

// Login tries 30 times, a second apart.
func (c Client) Login(ctx context.Context) error {
	for i := 0; i < 30; i++ {
		if c.try(ctx) == nil {
			return nil
		}
		time.Sleep(time.Second) // want `time.Sleep blocks the reconcile worker through the value bound to ctrl.BucketReconciler.Auth at cmd/main.go:10 \(waits up to 30s\).*\(also reached from 1 other entry point\)`
	}
	return errDown
}
