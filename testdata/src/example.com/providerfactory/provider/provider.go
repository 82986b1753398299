// Package provider declares the providers a factory chooses from.
package provider

import (
	"context"
	"time"
)

// Fetcher is what the factory hands out.
type Fetcher interface {
	Fetch(ctx context.Context) error
}

// Slow waits for its backend.
type Slow struct{}

func (*Slow) Fetch(ctx context.Context) error {
	time.Sleep(30 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 30s\): \(\*controllers.FetchReconciler\).Reconcile \(controllers/controllers.go:16\) -> \(\*provider.Slow\).Fetch \(provider/provider.go:18\) -> time.Sleep; return ctrl.Result\{RequeueAfter: ...\} and check again on the next reconcile instead of waiting$`
	return nil
}

// Quick returns at once.
type Quick struct{}

func (*Quick) Fetch(ctx context.Context) error { return nil }
