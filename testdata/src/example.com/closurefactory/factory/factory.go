// Package factory makes client factories that capture their configuration:
// what main binds to a reconciler's field is a closure, not a declared
// function.
package factory

import (
	"net/http"
	"time"
)

type Client struct {
	url  string
	http *http.Client
}

func (c *Client) Delete(name string) error {
	resp, err := c.http.Get(c.url + "/" + name)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type Config struct {
	URL     string
	Timeout time.Duration
}

// Make returns a factory whose clients have no timeout.
func Make(cfg Config) func() *Client {
	return func() *Client { return &Client{url: cfg.URL, http: &http.Client{}} }
}

// MakeBounded returns a factory whose clients give up after 10s.
func MakeBounded(cfg Config) func() *Client {
	return func() *Client {
		return &Client{url: cfg.URL, http: &http.Client{Timeout: 10 * time.Second}}
	}
}
