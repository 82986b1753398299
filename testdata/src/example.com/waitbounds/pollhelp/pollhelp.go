// Package pollhelp is an operator's own poll helper: it polls until its
// ctx is done, so the caller's deadline is its only limit.
package pollhelp

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// PollUntilSuccess calls fn every interval until it succeeds or ctx is done.
func PollUntilSuccess(ctx context.Context, interval time.Duration, fn func(context.Context) error) error {
	return wait.PollUntilContextCancel(ctx, interval, true, func(ctx context.Context) (bool, error) {
		return fn(ctx) == nil, nil
	})
}

// PollEverySecond is PollUntilSuccess every second.
func PollEverySecond(ctx context.Context, fn func(context.Context) error) error {
	return PollUntilSuccess(ctx, time.Second, fn)
}
