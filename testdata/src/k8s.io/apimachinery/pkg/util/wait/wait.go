// Package wait is a stub of apimachinery's, for analyzer tests. Its bodies do
// not matter: the model table describes these functions.
package wait

import (
	"context"
	"time"
)

type ConditionFunc func() (bool, error)
type ConditionWithContextFunc func(context.Context) (bool, error)

type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}

func Poll(interval, timeout time.Duration, condition ConditionFunc) error          { return nil }
func PollImmediate(interval, timeout time.Duration, condition ConditionFunc) error { return nil }
func PollInfinite(interval time.Duration, condition ConditionFunc) error           { return nil }
func PollUntilContextTimeout(ctx context.Context, interval, timeout time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}
func PollUntilContextCancel(ctx context.Context, interval time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}
func Until(f func(), period time.Duration, stopCh <-chan struct{})                        {}
func UntilWithContext(ctx context.Context, f func(context.Context), period time.Duration) {}
func JitterUntil(f func(), period time.Duration, jitterFactor float64, sliding bool, stopCh <-chan struct{}) {
}
func Forever(f func(), period time.Duration)                            {}
func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error { return nil }
func ExponentialBackoffWithContext(ctx context.Context, backoff Backoff, condition ConditionWithContextFunc) error {
	return nil
}
