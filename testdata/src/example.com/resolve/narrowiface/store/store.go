// Package store is the operator's own client package: a wide interface
// that main holds, and a narrower one that the reconcilers take.
package store

import (
	"context"
	"net/http"
	"time"
)

// Getter is what a reconciler needs.
type Getter interface {
	Get(ctx context.Context, name string) (*http.Response, error)
}

// Factory is what main holds: a Getter and more.
type Factory interface {
	Getter
	Close()
}

type client struct {
	url  string
	http *http.Client
}

// New returns the wide interface, over a client without a Timeout.
func New(url string) Factory {
	return &client{url: url, http: &http.Client{}}
}

// NewWithTimeout is the corrected twin.
func NewWithTimeout(url string) Factory {
	return &client{url: url, http: &http.Client{Timeout: 10 * time.Second}}
}

func (c *client) Get(ctx context.Context, name string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.url+"/"+name, nil)
	if err != nil {
		return nil, err
	}
	return c.http.Do(req)
}

func (c *client) Close() {}
