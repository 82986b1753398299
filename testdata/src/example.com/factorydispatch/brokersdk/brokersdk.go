// Package brokersdk is a vendor SDK in the style of a message broker's HTTP
// API client: every request builds an http.Client whose Timeout is the
// client's timeout field, zero unless the caller set one.
package brokersdk

import (
	"context"
	"net/http"
	"time"
)

type Client struct {
	Endpoint string
	timeout  time.Duration
}

func NewClient(uri string) (*Client, error) {
	return &Client{Endpoint: uri}, nil
}

func NewClientWithTimeout(uri string, timeout time.Duration) (*Client, error) {
	return &Client{Endpoint: uri, timeout: timeout}, nil
}

func (c *Client) DeclareQueue(vhost, name string) (*http.Response, error) {
	return c.send(http.MethodPut, "queues/"+vhost+"/"+name)
}

func (c *Client) DeleteQueue(vhost, name string) (*http.Response, error) {
	return c.send(http.MethodDelete, "queues/"+vhost+"/"+name)
}

func (c *Client) send(method, path string) (*http.Response, error) {
	req, err := http.NewRequest(method, c.Endpoint+"/api/"+path, nil)
	if err != nil {
		return nil, err
	}
	httpc := &http.Client{Timeout: c.timeout}
	return httpc.Do(req)
}

// PurgeQueue sends with the caller's ctx: the ctx's deadline or the
// client's timeout bounds it.
func (c *Client) PurgeQueue(ctx context.Context, vhost, name string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, c.Endpoint+"/api/queues/"+vhost+"/"+name+"/contents", nil)
	if err != nil {
		return nil, err
	}
	httpc := &http.Client{Timeout: c.timeout}
	return httpc.Do(req)
}
