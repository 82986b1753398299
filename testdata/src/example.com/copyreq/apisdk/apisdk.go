// Package apisdk is shaped like an OpenAPI-generated client that retries:
// it copies the request by value before each attempt (`newRequest := *r`),
// so the request that reaches Do is the copy, and its ctx is the one the
// caller's request carried.
package apisdk

import (
	"context"
	"net/http"
)

type Client struct {
	HTTPClient *http.Client
}

// New builds a client without Timeout.
func New() *Client {
	return &Client{HTTPClient: &http.Client{}} // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.Client without Timeout \(apisdk/apisdk.go:18\) and the reconcile ctx, which has no deadline\): \(\*controllers.Unbounded\).Reconcile \(controllers/controllers.go:19\) -> \(\*apisdk.Client\).Get \(apisdk/apisdk.go:27\) -> \(\*apisdk.Client\).call \(apisdk/apisdk.go:31\) -> \(\*http.Client\).Do`
}

// Get builds the request under the caller's ctx and sends a copy of it.
func (c *Client) Get(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	return c.call(req)
}

func (c *Client) call(r *http.Request) error {
	resp, err := c.HTTPClient.Do(copyRequest(r))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// copyRequest keeps the original for the next attempt.
func copyRequest(r *http.Request) *http.Request {
	newRequest := *r
	return &newRequest
}
