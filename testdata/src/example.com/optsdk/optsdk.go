// Package optsdk is an API client shaped like datadog-api-client-go, in a
// module of its own: a token exchange that runs only when the exported
// DelegatedTokenConfig is set, and a retry loop that runs only when
// RetryConfiguration.EnableRetry is, which NewConfiguration leaves false.
package optsdk

import (
	"context"
	"net/http"
	"time"
)

type RetryConfiguration struct {
	EnableRetry bool
	MaxRetries  int
	BackOffBase float64
}

type DelegatedTokenConfig struct {
	OrgUUID string
}

type Configuration struct {
	HTTPClient           *http.Client
	RetryConfiguration   RetryConfiguration
	DelegatedTokenConfig *DelegatedTokenConfig
}

func NewConfiguration() *Configuration {
	return &Configuration{
		HTTPClient:         &http.Client{Timeout: 60 * time.Second},
		RetryConfiguration: RetryConfiguration{EnableRetry: false, MaxRetries: 3, BackOffBase: 2},
	}
}

type APIClient struct {
	Cfg *Configuration
}

func NewAPIClient(cfg *Configuration) *APIClient { return &APIClient{Cfg: cfg} }

// Authenticate exchanges a delegated token, when the configuration asks
// for one.
func (c *APIClient) Authenticate() error {
	if c.Cfg.DelegatedTokenConfig != nil {
		return exchangeToken(c.Cfg.DelegatedTokenConfig.OrgUUID)
	}
	return nil
}

func (c *APIClient) GetMonitor(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/monitor/"+id, nil)
	if err != nil {
		return err
	}
	_, err = c.callAPI(ctx, req)
	return err
}

func (c *APIClient) callAPI(ctx context.Context, req *http.Request) (*http.Response, error) {
	retryCount := 0
	for {
		resp, err := c.Cfg.HTTPClient.Do(req)
		if err != nil {
			return resp, err
		}
		d, retry := c.shouldRetry(resp, retryCount)
		if !retry {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return resp, ctx.Err()
		case <-time.After(d):
			retryCount++
		}
	}
}

func (c *APIClient) shouldRetry(resp *http.Response, n int) (time.Duration, bool) {
	if !c.Cfg.RetryConfiguration.EnableRetry || n == c.Cfg.RetryConfiguration.MaxRetries {
		return 0, false
	}
	if resp.StatusCode == 429 || resp.StatusCode >= 500 {
		return time.Duration(c.Cfg.RetryConfiguration.BackOffBase*float64(n+1)) * time.Second, true
	}
	return 0, false
}

func exchangeToken(org string) error {
	req, err := http.NewRequest(http.MethodPost, "https://api.example.com/token/"+org, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
