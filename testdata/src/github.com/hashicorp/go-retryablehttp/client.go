// Package retryablehttp is a stub of github.com/hashicorp/go-retryablehttp:
// a client that retries requests with waits between attempts. reconcilelint
// models its request methods, so the waits below are never walked.
package retryablehttp

import (
	"context"
	"net/http"
	"time"
)

type Request struct {
	*http.Request
}

func NewRequestWithContext(ctx context.Context, method, url string, body interface{}) (*Request, error) {
	r, err := http.NewRequestWithContext(ctx, method, url, nil)
	return &Request{r}, err
}

func NewRequest(method, url string, body interface{}) (*Request, error) {
	return NewRequestWithContext(context.Background(), method, url, body)
}

type Client struct {
	HTTPClient   *http.Client
	RetryWaitMin time.Duration
	RetryWaitMax time.Duration
	RetryMax     int
}

// NewClient's HTTPClient has no Timeout, as cleanhttp's pooled client.
func NewClient() *Client {
	return &Client{HTTPClient: &http.Client{}, RetryWaitMin: time.Second, RetryWaitMax: 30 * time.Second, RetryMax: 4}
}

func (c *Client) Do(req *Request) (*http.Response, error) {
	for i := 0; ; i++ {
		resp, err := c.HTTPClient.Do(req.Request)
		if err == nil || i >= c.RetryMax {
			return resp, err
		}
		timer := time.NewTimer(c.RetryWaitMax)
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-timer.C:
		}
	}
}

func (c *Client) Get(url string) (*http.Response, error) {
	req, err := NewRequest("GET", url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

func (c *Client) Post(url, bodyType string, body interface{}) (*http.Response, error) {
	req, err := NewRequest("POST", url, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", bodyType)
	return c.Do(req)
}
