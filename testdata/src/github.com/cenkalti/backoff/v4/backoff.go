// Package backoff is a stub of github.com/cenkalti/backoff/v4: the API that
// builds a BackOff and retries with it. reconcilelint models Retry, so the
// bodies do not matter.
package backoff

import (
	"context"
	"time"
)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

type Operation func() error

type Notify func(error, time.Duration)

func Retry(o Operation, b BackOff) error                      { return o() }
func RetryNotify(o Operation, b BackOff, notify Notify) error { return o() }

type ConstantBackOff struct{ Interval time.Duration }

func (b *ConstantBackOff) NextBackOff() time.Duration { return b.Interval }
func (b *ConstantBackOff) Reset()                     {}

func NewConstantBackOff(d time.Duration) *ConstantBackOff { return &ConstantBackOff{Interval: d} }

type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration
	MaxElapsedTime      time.Duration
}

func (b *ExponentialBackOff) NextBackOff() time.Duration { return b.InitialInterval }
func (b *ExponentialBackOff) Reset()                     {}

type ExponentialBackOffOpts func(*ExponentialBackOff)

func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff {
	b := &ExponentialBackOff{}
	for _, o := range opts {
		o(b)
	}
	return b
}

func WithInitialInterval(d time.Duration) ExponentialBackOffOpts {
	return func(b *ExponentialBackOff) { b.InitialInterval = d }
}
func WithMaxInterval(d time.Duration) ExponentialBackOffOpts {
	return func(b *ExponentialBackOff) { b.MaxInterval = d }
}
func WithMaxElapsedTime(d time.Duration) ExponentialBackOffOpts {
	return func(b *ExponentialBackOff) { b.MaxElapsedTime = d }
}

func WithMaxRetries(b BackOff, max uint64) BackOff { return b }

func WithContext(b BackOff, ctx context.Context) BackOff { return b }

func Permanent(err error) error { return err }

type ZeroBackOff struct{}

func (b *ZeroBackOff) NextBackOff() time.Duration { return 0 }
func (b *ZeroBackOff) Reset()                     {}

type StopBackOff struct{}

func (b *StopBackOff) NextBackOff() time.Duration { return -1 }
func (b *StopBackOff) Reset()                     {}
