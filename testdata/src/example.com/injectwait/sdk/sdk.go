// Package sdk is a vendor SDK whose delete waits for the operation.
package sdk

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

type Waiting struct{}

func (Waiting) DeleteAndWait(ctx context.Context, name string) error {
	return wait.PollUntilContextTimeout(ctx, 5*time.Second, 10*time.Minute, true, func(context.Context) (bool, error) { return true, nil }) // want `wait.PollUntilContextTimeout blocks the reconcile worker through the value bound to controllers.FactoryReconciler.NewStorage at cmd/main.go:14 \(polls every 5s for up to 10m0s\): \(\*controllers.FactoryReconciler\).Reconcile \(controllers/controllers.go:36\) -> \(sdk.Waiting\).DeleteAndWait \(sdk/sdk.go:14\) -> wait.PollUntilContextTimeout; .* \(also reached from 1 other entry point\)`
}

// Drain waits for in-flight operations to settle.
func (Waiting) Drain(ctx context.Context) error {
	time.Sleep(30 * time.Second) // want `time.Sleep blocks the reconcile worker through the value bound to controllers.FactoryReconciler.NewStorage at cmd/main.go:14 \(waits up to 30s\): \(\*controllers.FactoryReconciler\).Reconcile \(controllers/controllers.go:33\) -> \(sdk.Waiting\).Drain \(sdk/sdk.go:19\) -> time.Sleep`
	return nil
}

type Async struct{}

func (Async) DeleteAndWait(ctx context.Context, name string) error { return nil }

func (Async) Drain(ctx context.Context) error { return nil }

// Storage is the SDK's own interface, returned by its constructors.
type Storage interface {
	DeleteAndWait(ctx context.Context, name string) error
	Drain(ctx context.Context) error
}

func NewWaiting(region string) Storage { return Waiting{} }

func NewAsync(region string) Storage { return Async{} }

// Purge waits in two places.
func (Waiting) Purge(ctx context.Context, all bool) error {
	if all {
		time.Sleep(2 * time.Minute) // want `time.Sleep blocks the reconcile worker \(waits up to 2m0s\): \(\*controllers.PurgeReconciler\).Reconcile \(controllers/controllers.go:46\) -> \(sdk.Waiting\).Purge \(sdk/sdk.go:42\) -> time.Sleep`
		return nil
	}
	time.Sleep(time.Minute) // want `time.Sleep blocks the reconcile worker \(waits up to 1m0s\): \(\*controllers.PurgeReconciler\).Reconcile \(controllers/controllers.go:46\) -> \(sdk.Waiting\).Purge \(sdk/sdk.go:45\) -> time.Sleep`
	return nil
}
