// Package cloudsdk is a vendor SDK: built in main, used by the controllers
// through an interface, with functional options and a fallback to
// http.DefaultClient.
package cloudsdk

import (
	"context"
	"net/http"
	"time"
)

type Client struct {
	http *http.Client
	base string
}

func New(base string) *Client { return &Client{http: &http.Client{}, base: base} }

func NewWithTimeout(base string) *Client {
	return &Client{http: &http.Client{Timeout: 10 * time.Second}, base: base}
}

// Option configures a Client.
type Option func(*Client)

func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// NewWithOptions falls back to http.DefaultClient when no option sets one.
func NewWithOptions(base string, opts ...Option) *Client {
	c := &Client{base: base}
	for _, o := range opts {
		o(c)
	}
	if c.http == nil {
		c.http = http.DefaultClient
	}
	return c
}

func (c *Client) DeleteBucket(ctx context.Context, name string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, c.base+"/buckets/"+name, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// DeleteWithDefault is a factory's target that uses http.DefaultClient.
func DeleteWithDefault(ctx context.Context, name string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, "https://api.example.com/"+name, nil)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// DeleteBounded bounds the request itself.
func DeleteBounded(ctx context.Context, name string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return DeleteWithDefault(ctx, name)
}
