// Package invoker is shaped like gax-go's Invoke: call options resolve
// into settings; a timeout, when one is set, bounds the retry loop through
// the ctx; a retryer, when one is set, decides whether to sleep and try
// again.
package invoker

import (
	"context"
	"time"
)

type Settings struct {
	Retry   func() Retryer
	timeout time.Duration
}

type Option interface{ Resolve(*Settings) }

type Retryer interface {
	Retry(err error) (time.Duration, bool)
}

type withTimeout time.Duration

func (w withTimeout) Resolve(s *Settings) { s.timeout = time.Duration(w) }

// WithTimeout sets the timeout of every try together.
func WithTimeout(d time.Duration) Option { return withTimeout(d) }

type withRetry func() Retryer

func (w withRetry) Resolve(s *Settings) { s.Retry = w }

// WithRetry sets the retryer.
func WithRetry(f func() Retryer) Option { return withRetry(f) }

type Call func(context.Context, Settings) error

// Invoke calls call until it succeeds or the retryer gives up.
func Invoke(ctx context.Context, call Call, opts ...Option) error {
	var settings Settings
	for _, opt := range opts {
		opt.Resolve(&settings)
	}
	return invoke(ctx, call, settings, Sleep)
}

// Sleep waits d, or until ctx is done.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	select {
	case <-ctx.Done():
		t.Stop()
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

type sleeper func(ctx context.Context, d time.Duration) error

func invoke(ctx context.Context, call Call, settings Settings, sp sleeper) error {
	var retryer Retryer
	if _, ok := ctx.Deadline(); !ok && settings.timeout != 0 {
		c, cc := context.WithTimeout(ctx, settings.timeout)
		defer cc()
		ctx = c
	}
	for {
		err := call(ctx, settings)
		if err == nil {
			return nil
		}
		if settings.Retry == nil {
			return err
		}
		if retryer == nil {
			if r := settings.Retry(); r != nil {
				retryer = r
			} else {
				return err
			}
		}
		if d, ok := retryer.Retry(err); !ok {
			return err
		} else if err = sp(ctx, d); err != nil {
			return err
		}
	}
}
