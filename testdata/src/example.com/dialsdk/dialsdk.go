// Package dialsdk dials like gRPC: Dial returns at once and connects in
// the background, unless the caller asks it to block with WithBlock. Only
// that option reaches the wait.
package dialsdk

import (
	"context"
	"time"
)

type dialOptions struct {
	block   bool
	timeout time.Duration
}

type DialOption func(*dialOptions)

// WithBlock makes Dial wait until the connection is up.
func WithBlock() DialOption { return func(o *dialOptions) { o.block = true } }

// WithTimeout bounds the dial: it does not make Dial block.
func WithTimeout(d time.Duration) DialOption { return func(o *dialOptions) { o.timeout = d } }

type Conn struct{ state int }

func (c *Conn) ready() bool { return c.state == 2 }

func Dial(ctx context.Context, target string, opts ...DialOption) (*Conn, error) {
	var o dialOptions
	for _, opt := range opts {
		opt(&o)
	}
	c := &Conn{}
	if !o.block {
		return c, nil // connects in the background
	}
	for !c.ready() {
		time.Sleep(100 * time.Millisecond)
	}
	return c, nil
}
