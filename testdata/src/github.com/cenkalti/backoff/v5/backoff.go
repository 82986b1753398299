// Package backoff is a stub of github.com/cenkalti/backoff/v5: Retry takes
// its ctx and options. reconcilelint models Retry.
package backoff

import (
	"context"
	"time"
)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

type Operation[T any] func() (T, error)

type RetryOption func(*retryOptions)

type retryOptions struct {
	BackOff        BackOff
	MaxTries       uint
	MaxElapsedTime time.Duration
}

func Retry[T any](ctx context.Context, operation Operation[T], opts ...RetryOption) (T, error) {
	return operation()
}

func WithBackOff(b BackOff) RetryOption { return func(o *retryOptions) { o.BackOff = b } }
func WithMaxTries(n uint) RetryOption   { return func(o *retryOptions) { o.MaxTries = n } }
func WithMaxElapsedTime(d time.Duration) RetryOption {
	return func(o *retryOptions) { o.MaxElapsedTime = d }
}

type ConstantBackOff struct{ Interval time.Duration }

func (b *ConstantBackOff) NextBackOff() time.Duration { return b.Interval }
func (b *ConstantBackOff) Reset()                     {}

func NewConstantBackOff(d time.Duration) *ConstantBackOff { return &ConstantBackOff{Interval: d} }
