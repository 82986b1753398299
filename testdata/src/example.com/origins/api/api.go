// Package api wraps the SDK the way cloudflare-operator's cf package does:
// each method makes its own context.Background(), so each is a fix of its
// own, though every request ends in the one sink of the SDK.
package api

import (
	"context"
	"time"

	"example.com/originsdk"
)

type Client struct {
	sdk *originsdk.API
}

func New(token string) *Client { return &Client{sdk: originsdk.New(token)} } // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(context.Background\(\) \(api/api.go:25\) and http.DefaultClient \(originsdk/originsdk.go:17\), in what originsdk.New returns \(api/api.go:17\)\): .*; give originsdk.New an HTTP client with a Timeout`

func (c *Client) Create(name string) error {
	ctx := context.Background()
	return c.sdk.CreateTunnel(ctx, name)
}

func (c *Client) Delete(id string) error {
	ctx := context.Background()
	if err := c.sdk.DeleteRecord(ctx, id); err != nil {
		return err
	}
	ctx = context.Background()
	return c.sdk.DeleteTunnel(ctx, id)
}

// Bounded is the silent twin: its own context has a deadline.
func (c *Client) Bounded(name string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return c.sdk.CreateTunnel(ctx, name)
}
