// Package sdk is a cloud SDK that calls into poller.
package sdk

import "example.com/cross/sdk/poller"

type Client struct{}

// Delete deletes and waits.
func (c *Client) Delete(id string) error {
	poller.Settle()
	poller.Quiet()
	return nil
}

// Deleter is implemented in the controller package.
type Deleter interface{ Delete(id string) error }
