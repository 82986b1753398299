// Package sdk is a cloud SDK: its clients are built by constructors that
// main calls, and used by the controllers.
package sdk

import (
	"context"
	"net/http"
	"time"
)

type Client struct {
	base string
	http *http.Client
}

// New builds a client without Timeout.
func New(base string) *Client { // want New:`blocks\(result 0.http lacks it: http.Client without Timeout \(sdk/sdk.go:18\)\)`
	return &Client{base: base, http: &http.Client{}} // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.Client without Timeout \(sdk/sdk.go:18\) and the reconcile ctx, which has no deadline\): \(\*controllers.UnboundedReconciler\).Reconcile \(controllers/controllers.go:66\) -> \(\*sdk.Client\).Get \(sdk/sdk.go:46\) -> \(\*http.Client\).Do`
}

// NewWithTimeout builds a client with one.
func NewWithTimeout(base string) *Client { // want NewWithTimeout:`blocks\(result 0.http has it\)`
	return &Client{base: base, http: &http.Client{Timeout: 5 * time.Second}}
}

// NewPatched sets the Timeout after construction.
func NewPatched(base string) *Client { // want NewPatched:`blocks\(result 0.http has it\)`
	hc := &http.Client{}
	hc.Timeout = 5 * time.Second
	return &Client{base: base, http: hc}
}

// NewReplaced replaces a generated client with one that has a Timeout.
func NewReplaced(base string) *Client { // want NewReplaced:`blocks\(result 0.http has it\)`
	c := &Client{base: base, http: &http.Client{}}
	c.http = &http.Client{Timeout: 5 * time.Second}
	return c
}

// Get sends a request under the caller's ctx.
func (c *Client) Get(ctx context.Context, name string) error { // want Get:`blocks\(\(\*http.Client\).Do via \(\*sdk.Client\).Get \(sdk/sdk.go:46\) -> \(\*http.Client\).Do if param 0.http lacks timeout if param 1 lacks deadline\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+name, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Config and APIClient are shaped like an OpenAPI-generated client: a nil
// HTTPClient falls back to http.DefaultClient.
type Config struct {
	HTTPClient *http.Client
}

type APIClient struct {
	cfg *Config
}

func NewAPIClient(cfg *Config) *APIClient { // want NewAPIClient:`blocks\(result 0.cfg.HTTPClient is param 0.HTTPClient, or http.DefaultClient \(sdk/sdk.go:65\) if nil\)`
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = http.DefaultClient
	}
	return &APIClient{cfg: cfg}
}

func (a *APIClient) Call(ctx context.Context) error { // want Call:`blocks\(\(\*http.Client\).Do via \(\*sdk.APIClient\).Call \(sdk/sdk.go:72\) -> \(\*http.Client\).Do if param 0.cfg.HTTPClient lacks timeout if param 1 lacks deadline\)`
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com", nil)
	_, err := a.cfg.HTTPClient.Do(req)
	return err
}
