// Package msgsdk is a vendor SDK in the style of a message broker's HTTP API
// client: every request builds an http.Client whose Timeout is the client's
// timeout field, zero unless the caller set one.
package msgsdk

import (
	"net/http"
	"time"
)

type Client struct {
	Endpoint  string
	timeout   time.Duration
	transport http.RoundTripper
}

func NewClient(uri, user, pass string) (*Client, error) {
	return &Client{Endpoint: uri}, nil // want `\(\*http.Client\).Do can block the reconcile worker forever: .*msgsdk.Client.timeout, never set`
}

func NewTLSClient(uri, user, pass string, transport http.RoundTripper) (*Client, error) {
	return &Client{Endpoint: uri, transport: transport}, nil
}

func NewClientWithTimeout(uri string, timeout time.Duration) (*Client, error) {
	return &Client{Endpoint: uri, timeout: timeout}, nil
}

func (c *Client) DeleteQueue(vhost, name string) (*http.Response, error) {
	req, err := newRequest(c, http.MethodDelete, "queues/"+vhost+"/"+name)
	if err != nil {
		return nil, err
	}
	return executeRequest(c, req)
}

// newRequest builds the request in a helper, with no context.
func newRequest(c *Client, method, path string) (*http.Request, error) {
	req, err := http.NewRequest(method, c.Endpoint+"/api/"+path, nil)
	if err != nil {
		return nil, err
	}
	req.Close = true
	return req, nil
}

func executeRequest(c *Client, req *http.Request) (*http.Response, error) {
	httpc := &http.Client{Timeout: c.timeout}
	if c.transport != nil {
		httpc.Transport = c.transport
	}
	return httpc.Do(req)
}

func (c *Client) SetTimeout(timeout time.Duration) { c.timeout = timeout }

// NewClientFromConfig fills the client from its configuration by
// reflection, as config libraries do: its timeout may well be set.
func NewClientFromConfig(cfg map[string]string) (*Client, error) {
	c := &Client{}
	if err := decode(cfg, c); err != nil {
		return nil, err
	}
	return c, nil
}

func decode(cfg map[string]string, into any) error { return nil }
