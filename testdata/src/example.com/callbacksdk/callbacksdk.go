// Package callbacksdk waits for a response inside a closure that a retry
// helper of another package calls with the caller's ctx: the wait lasts as
// long as that ctx.
package callbacksdk

import (
	"context"

	"example.com/callbacksdk/retry"
)

type Client struct{ responses chan string }

func New() *Client { return &Client{responses: make(chan string)} }

// Invoke sends a request and waits for its response, retrying.
func (c *Client) Invoke(ctx context.Context, req string) (string, error) {
	res, err := retry.Try(ctx, 3, func(ctx context.Context, attempt int) (any, error) {
		return c.await(ctx)
	})
	if err != nil {
		return "", err
	}
	return res.(string), nil
}

func (c *Client) await(ctx context.Context) (string, error) {
	select {
	case r := <-c.responses:
		return r, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
