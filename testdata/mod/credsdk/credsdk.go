// Package credsdk is an SDK shaped like minio-go's: its client asks a
// credentials provider for keys before each request, and the package
// converts several types to that interface. Static keys do no I/O; an STS
// exchange sends a request with http.DefaultClient under
// context.Background(). Which provider a client holds is its caller's
// choice, out of this package's sight.
package credsdk

import (
	"context"
	"net/http"
)

type Provider interface {
	Retrieve() (string, error)
}

type Static struct{ key string }

func (s *Static) Retrieve() (string, error) { return s.key, nil }

type STS struct{ endpoint string }

func (s *STS) Retrieve() (string, error) {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, s.endpoint, nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Header.Get("X-Key"), nil
}

func NewStatic(key string) Provider { return &Static{key: key} }

func NewSTS(endpoint string) Provider { return &STS{endpoint: endpoint} }

type Client struct{ creds Provider }

func New(creds Provider) *Client { return &Client{creds: creds} }

// Sign reads the keys: through whichever provider the client holds.
func (c *Client) Sign() (string, error) { return c.creds.Retrieve() }
