// Package pollhelp wraps a poll as operators' helper packages do: the
// interval goes through a parameter, the limit is the caller's ctx.
package pollhelp

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

func PollEvery(ctx context.Context, interval time.Duration, fn func(context.Context) error) error {
	return wait.PollUntilContextCancel(ctx, interval, true, func(ctx context.Context) (bool, error) {
		return fn(ctx) == nil, nil
	})
}

func Poll(ctx context.Context, fn func(context.Context) error) error {
	return PollEvery(ctx, time.Second, fn)
}
