package backend

import (
	"context"
	"time"
)

// Wait waits for the backend to settle.
func Wait(ctx context.Context, name string) error {
	time.Sleep(30 * time.Second) // want `time.Sleep blocks the reconcile worker through the value bound to controllers.SyncReconciler.Store at cmd/main.go:13 \(waits up to 30s\): \(\*controllers.SyncReconciler\).Reconcile \(controllers/controllers.go:16\) -> \(\*store.waiting\).Sync \(store/store.go:35\) -> backend.Wait \(backend/backend.go:10\) -> time.Sleep`
	return nil
}
