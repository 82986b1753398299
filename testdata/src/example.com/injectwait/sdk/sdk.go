// Package sdk is a vendor SDK whose delete waits for the operation.
package sdk

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

type Waiting struct{}

func (Waiting) DeleteAndWait(ctx context.Context, name string) error {
	return wait.PollUntilContextTimeout(ctx, 5*time.Second, 10*time.Minute, true, func(context.Context) (bool, error) { return true, nil })
}

// Drain waits for in-flight operations to settle.
func (Waiting) Drain(ctx context.Context) error {
	time.Sleep(30 * time.Second)
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
		time.Sleep(2 * time.Minute)
		return nil
	}
	time.Sleep(time.Minute)
	return nil
}
