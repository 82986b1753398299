// Package cloudsdk is a dependency's SDK (another module than its caller):
// its constructor builds an HTTP client with no timeout unless an option
// gives one.
package cloudsdk

import (
	"net/http"
	"time"
)

type Client struct {
	token string
	http  *http.Client
}

type Option func(*Client)

// WithHTTPClient makes the SDK use c.
func WithHTTPClient(c *http.Client) Option { return func(cl *Client) { cl.http = c } }

// New builds a client over &http.Client{}: no timeout.
func New(token string) *Client {
	return &Client{token: token, http: &http.Client{}}
}

// NewWithTimeout builds a client whose requests give up after d.
func NewWithTimeout(token string, d time.Duration) *Client {
	return &Client{token: token, http: &http.Client{Timeout: d}}
}

// DeleteBucket sends one request.
func (c *Client) DeleteBucket(name string) error {
	req, err := http.NewRequest(http.MethodDelete, "https://cloud.example/buckets/"+name, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
