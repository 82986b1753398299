// Package mgmt builds its HTTP client through a security provider, an
// interface whose implementations return the client as another interface:
// the result of the interface call is what the implementations return.
package mgmt

import (
	"context"
	"net/http"
	"time"
)

type HTTPClient interface {
	Do(req *http.Request) (*http.Response, error)
}

type Provider interface {
	BuildClient(t *http.Transport) (HTTPClient, error)
}

type insecureProvider struct{}

func (p *insecureProvider) BuildClient(t *http.Transport) (HTTPClient, error) {
	c := http.DefaultClient
	if t != nil {
		c.Transport = t
	}
	return c, nil
}

type tlsProvider struct{ ca string }

func (p *tlsProvider) BuildClient(t *http.Transport) (HTTPClient, error) {
	return &http.Client{Transport: t}, nil
}

func newProvider(secure bool) Provider {
	if secure {
		return &tlsProvider{ca: "ca.crt"}
	}
	return &insecureProvider{}
}

type Client struct {
	HTTP     HTTPClient
	Protocol string
}

func NewClient(secure bool) (Client, error) {
	c, err := newProvider(secure).BuildClient(nil)
	if err != nil {
		return Client{}, err
	}
	return Client{HTTP: c, Protocol: "http"}, nil
}

func call(c *Client, url string, timeout time.Duration) error {
	req, err := http.NewRequest(http.MethodGet, c.Protocol+"://"+url, nil)
	if err != nil {
		return err
	}
	if timeout > 0 {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		req = req.WithContext(ctx)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) Features(url string) error { return call(c, url, 0) }

// The corrected twin: both providers bound their clients.

type boundedInsecure struct{}

func (p *boundedInsecure) BuildClient(t *http.Transport) (HTTPClient, error) {
	return &http.Client{Transport: t, Timeout: 10 * time.Second}, nil
}

type boundedTLS struct{}

func (p *boundedTLS) BuildClient(t *http.Transport) (HTTPClient, error) {
	return &http.Client{Transport: t, Timeout: 10 * time.Second}, nil
}

func newBoundedProvider(secure bool) Provider {
	if secure {
		return &boundedTLS{}
	}
	return &boundedInsecure{}
}

func NewBoundedClient(secure bool) (Client, error) {
	c, err := newBoundedProvider(secure).BuildClient(nil)
	if err != nil {
		return Client{}, err
	}
	return Client{HTTP: c, Protocol: "http"}, nil
}

// A getter through an interface: the API it returns is the holder's field.

type API interface {
	Delete(url string) error
}

type Holder interface {
	GetAPI() API
}

type holder struct{ api API }

func (h *holder) GetAPI() API { return h.api }

type restAPI struct{ c *http.Client }

func (a *restAPI) Delete(url string) error {
	req, err := http.NewRequest(http.MethodDelete, url, nil)
	if err != nil {
		return err
	}
	resp, err := a.c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func newHolder() Holder { return &holder{api: &restAPI{c: &http.Client{}}} } // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.NewRequest, which uses context.Background\(\) \(mgmt/mgmt.go:121\) and http.Client without Timeout \(mgmt/mgmt.go:132\)\): \(\*controllers.PurgeReconciler\).Reconcile \(controllers/controllers.go:37\) -> mgmt.Purge \(mgmt/mgmt.go:139\) -> \(\*mgmt.restAPI\).Delete \(mgmt/mgmt.go:125\) -> \(\*http.Client\).Do`

func newBoundedHolder() Holder {
	return &holder{api: &restAPI{c: &http.Client{Timeout: 10 * time.Second}}}
}

// Purge deletes through the API the holder returns.
func Purge(url string) error { return newHolder().GetAPI().Delete(url) }

// PurgeBounded is Purge's corrected twin.
func PurgeBounded(url string) error { return newBoundedHolder().GetAPI().Delete(url) }
