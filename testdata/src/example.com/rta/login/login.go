// Package login holds a provider in a field and calls it; it refers to no
// reconciler, and nothing here says which provider the field holds.
package login

import (
	"context"

	"example.com/rta/creds"
)

type Client struct{ provider creds.Base }

func New(p creds.Base) *Client { return &Client{provider: p} }

func (c *Client) Login(ctx context.Context) (string, error) {
	return c.provider.GetCreds(ctx)
}
