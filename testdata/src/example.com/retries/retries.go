// Package retries retries with github.com/cenkalti/backoff on the
// reconcile path: the BackOff's retries or elapsed-time limit bound the
// sleeps, and the message says how long they take in all.
package retries

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	Client client.Client
}

var errNotYet = errors.New("not yet")

// Defaults in package variables, which only the tests change: their
// values are the constants stored here.
var (
	defaultDelay          = 2 * time.Second
	defaultRetries uint64 = 10
)

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	// A helper that takes its delay and retries from its callers, two
	// calls deep: 60 retries of 500ms (reported at the Retry, where the
	// wait is; the chain names this call).
	_ = getWithRetry(ctx, r.Client, 500*time.Millisecond, 60)

	// An exponential backoff with options: its elapsed-time limit.
	bo := backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(10*time.Second), backoff.WithMaxInterval(2*time.Second))
	_ = backoff.Retry(func() error { return errNotYet }, bo) // want `backoff.Retry blocks the reconcile worker \(waits up to 10s\)`

	// Fields set after the constructor, and five retries: each sleep up to
	// 1.5 times its interval, the interval capped at 2s.
	capped := backoff.NewExponentialBackOff()
	capped.MaxInterval = 2 * time.Second
	_ = backoff.Retry(func() error { return nil }, backoff.WithMaxRetries(capped, 5)) // want `backoff.Retry blocks the reconcile worker \(waits up to 9.09375s\)`

	// The defaults: 15 minutes; a constant backoff with no limit retries
	// until the operation succeeds.
	_ = backoff.Retry(func() error { return errNotYet }, backoff.NewExponentialBackOff())                    // want `backoff.Retry blocks the reconcile worker \(waits up to 15m0s\)`
	_ = backoff.RetryNotify(func() error { return errNotYet }, backoff.NewConstantBackOff(time.Second), nil) // want `backoff.RetryNotify blocks the reconcile worker \(waits with no time limit\)`

	// v5: options on Retry. Four tries sleep three times.
	_, _ = backoffv5.Retry(ctx, func() (bool, error) { return true, nil }, backoffv5.WithBackOff(backoffv5.NewConstantBackOff(time.Second)), backoffv5.WithMaxTries(4)) // want `backoff.Retry blocks the reconcile worker \(waits up to 3s\)`
	_, _ = backoffv5.Retry(ctx, func() (bool, error) { return true, nil })                                                                                              // want `backoff.Retry blocks the reconcile worker \(waits up to 15m0s\)`

	// Package variables: 10 retries of 2s, and one sleep of 2s.
	_ = backoff.Retry(func() error { return errNotYet }, backoff.WithMaxRetries(backoff.NewConstantBackOff(defaultDelay), defaultRetries)) // want `backoff.Retry blocks the reconcile worker \(waits up to 20s\)`
	time.Sleep(defaultDelay)                                                                                                               // want `time.Sleep blocks the reconcile worker \(waits up to 2s\)`

	// A constant backoff with no limit, given a ctx: its deadline ends the
	// retries. The reconcile ctx has none; a ctx bounded at 20s does.
	_ = backoff.Retry(func() error { return errNotYet }, backoff.WithContext(backoff.NewConstantBackOff(time.Second), ctx)) // want `backoff.Retry blocks the reconcile worker \(waits with no time limit\)`
	bounded, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	_ = backoff.Retry(func() error { return errNotYet }, backoff.WithContext(backoff.NewConstantBackOff(time.Second), bounded)) // want `backoff.Retry blocks the reconcile worker \(waits up to 20s\)`

	// A zero backoff retries at once until the operation succeeds; a stop
	// backoff never retries.
	_ = backoff.Retry(func() error { return errNotYet }, &backoff.ZeroBackOff{}) // want `backoff.Retry blocks the reconcile worker \(waits with no time limit\)`
	_ = backoff.Retry(func() error { return errNotYet }, &backoff.StopBackOff{})

	// Options handed through a helper's variadic parameter: out of sight.
	_ = retryWith(ctx, backoffv5.WithMaxTries(2))

	// Twins under the fixture's 1s threshold: three retries of 100ms, and
	// the same helper given a short delay and few retries.
	_ = backoff.Retry(func() error { return nil }, backoff.WithMaxRetries(backoff.NewConstantBackOff(100*time.Millisecond), 3))
	_ = getWithRetry(ctx, r.Client, 100*time.Millisecond, 5)
	_, _ = backoffv5.Retry(ctx, func() (bool, error) { return true, nil }, backoffv5.WithMaxElapsedTime(500*time.Millisecond))
	return reconcile.Result{}, nil
}

func getWithRetry(ctx context.Context, c client.Client, delay time.Duration, max uint64) error {
	return retryGet(ctx, c, delay, max)
}

func retryGet(ctx context.Context, c client.Client, delay time.Duration, max uint64) error {
	return backoff.Retry(func() error { return c.Get(ctx, "key", nil) }, backoff.WithMaxRetries(backoff.NewConstantBackOff(delay), max)) // want `backoff.Retry blocks the reconcile worker \(waits up to 30s\): \(\*retries.Reconciler\).Reconcile \(retries/retries.go:34\) -> retries.getWithRetry \(retries/retries.go:\d+\) -> retries.retryGet \(retries/retries.go:\d+\) -> backoff.Retry`
}

func retryWith(ctx context.Context, opts ...backoffv5.RetryOption) error {
	// Silent: the options are out of sight, so the wait's length is not
	// known, and only -strict reports it.
	_, err := backoffv5.Retry(ctx, func() (bool, error) { return true, nil }, opts...)
	return err
}
