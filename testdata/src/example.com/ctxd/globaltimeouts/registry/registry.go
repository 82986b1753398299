// Package registry keeps its timeouts in the fields of a package variable
// (humio-operator's registries.DefaultTimeouts) and builds each request's
// client with one.
package registry

import (
	"context"
	"net/http"
	"time"

	"example.com/ctxd/globaltimeouts/transport"
)

type TimeoutConfig struct {
	APICall  time.Duration
	Download time.Duration
}

var DefaultTimeouts = TimeoutConfig{APICall: 30 * time.Second, Download: 10 * time.Minute}

type HTTPClient struct {
	transport *http.Transport
	timeout   time.Duration
}

func NewHTTPClient() *HTTPClient {
	return &HTTPClient{transport: transport.New(), timeout: DefaultTimeouts.APICall}
}

func (h *HTTPClient) Get(ctx context.Context, url string) (*http.Response, error) {
	client := &http.Client{Transport: h.transport, Timeout: h.timeout}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return client.Do(req)
}

// Shared holds the clients the package shares, in the fields of a package
// variable.
var Shared = struct {
	API *http.Client
}{API: &http.Client{Timeout: 20 * time.Second}}

type Uploader struct {
	client *http.Client
}

func NewUploader() *Uploader {
	return &Uploader{client: Shared.API}
}

func (u *Uploader) Put(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
	if err != nil {
		return nil, err
	}
	return u.client.Do(req)
}
