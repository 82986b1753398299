// Package retrysdk is a cloud SDK shaped like the ones operators use: its
// constructor stores a retry policy of constants into the client, an option
// may replace it, and every request retries in a loop whose count and
// delays it reads from that policy. The library's own code bounds the loop.
package retrysdk

import (
	"context"
	"math"
	"net/http"
	"time"
)

type RetryPolicy struct {
	MaxRetries    int
	MinRetryDelay time.Duration
	MaxRetryDelay time.Duration
}

type API struct {
	http        *http.Client
	retryPolicy RetryPolicy
	pollEvery   time.Duration
	pollRounds  int
}

type Option func(*API)

// UsingRetryPolicy replaces the default policy: its values are the caller's.
func UsingRetryPolicy(maxRetries int, minDelaySecs, maxDelaySecs int) Option {
	return func(api *API) {
		api.retryPolicy = RetryPolicy{
			MaxRetries:    maxRetries,
			MinRetryDelay: time.Duration(minDelaySecs) * time.Second,
			MaxRetryDelay: time.Duration(maxDelaySecs) * time.Second,
		}
	}
}

func New(opts ...Option) *API {
	api := &API{
		http: &http.Client{Timeout: 30 * time.Second},
		retryPolicy: RetryPolicy{
			MaxRetries:    3,
			MinRetryDelay: 1 * time.Second,
			MaxRetryDelay: 30 * time.Second,
		},
		pollEvery:  5 * time.Second,
		pollRounds: 60,
	}
	for _, o := range opts {
		o(api)
	}
	return api
}

// Get retries a failed request with a doubling backoff: the delay of each
// turn is computed at run time, the number of turns is the policy's.
func (api *API) Get(ctx context.Context, url string) error {
	var err error
	for i := 0; i <= api.retryPolicy.MaxRetries; i++ {
		if i > 0 {
			sleep := time.Duration(math.Pow(2, float64(i-1)) * float64(api.retryPolicy.MinRetryDelay))
			if sleep > api.retryPolicy.MaxRetryDelay {
				sleep = api.retryPolicy.MaxRetryDelay
			}
			select {
			case <-time.After(sleep):
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodGet, url, nil); err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = api.http.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return err
}

// ListAll reads every page: a loop that ends when the pages do, around a
// request whose retries wait a time the library computes.
func (api *API) ListAll(ctx context.Context, url string, pages func() bool) error {
	for {
		if err := api.Get(ctx, url); err != nil {
			return err
		}
		if !pages() {
			return nil
		}
	}
}

// Ping retries twice, one second apart: a short wait the library bounds.
func (api *API) Ping(ctx context.Context) error {
	for i := 0; i < api.retryPolicy.MaxRetries; i++ {
		time.Sleep(api.retryPolicy.MinRetryDelay)
	}
	return nil
}

// WaitOperation polls the operation every 5s for 60 rounds: five minutes,
// from the constants New stores.
func (api *API) WaitOperation(ctx context.Context, id string) error {
	for i := 0; i < api.pollRounds; i++ {
		time.Sleep(api.pollEvery)
	}
	return nil
}
