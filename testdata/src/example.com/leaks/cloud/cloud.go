// Package cloud is the external API the leaks fixtures clean up.
package cloud

import (
	"context"
	"errors"
)

var ErrNotFound = errors.New("not found")

type Client struct{}

func (*Client) Delete(ctx context.Context, name string) error { return nil }

// DeleteAsync reports whether the resource is gone.
func (*Client) DeleteAsync(ctx context.Context, name string) (done bool, err error) {
	return false, nil
}
