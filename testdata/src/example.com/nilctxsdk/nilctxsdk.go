// Package nilctxsdk is a generated API client shaped like
// datadog-api-client-go's, in a module of its own: prepareRequest makes the
// request with http.NewRequest (context.Background()) and gives it the
// caller's ctx only `if ctx != nil`. No caller passes a nil Context, so the
// request carries the caller's ctx.
package nilctxsdk

import (
	"context"
	"net/http"
)

type APIClient struct {
	HTTPClient *http.Client
}

func NewAPIClient() *APIClient { return &APIClient{HTTPClient: http.DefaultClient} }

func (c *APIClient) DeleteMonitor(ctx context.Context, id string) error {
	req, err := c.prepareRequest(ctx, http.MethodDelete, "https://api.example.com/monitor/"+id)
	if err != nil {
		return err
	}
	resp, err := c.HTTPClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *APIClient) prepareRequest(ctx context.Context, method, url string) (*http.Request, error) {
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		return nil, err
	}
	if ctx != nil {
		req = req.WithContext(ctx)
	}
	return req, nil
}
