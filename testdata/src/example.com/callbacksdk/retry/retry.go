// Package retry is a dependency's retry helper: it calls the attempt it is
// given with the caller's ctx, as hazelcast-go-client's circuit breaker
// and many SDKs' retryers do.
package retry

import "context"

// Handler is one attempt.
type Handler func(ctx context.Context, attempt int) (any, error)

// Try runs h until it succeeds, at most max+1 times.
func Try(ctx context.Context, max int, h Handler) (any, error) {
	var err error
	for i := 0; i <= max; i++ {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		default:
		}
		var res any
		if res, err = h(ctx, i); err == nil {
			return res, nil
		}
	}
	return nil, err
}
