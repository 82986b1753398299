// Package agentrest calls an agent's REST API through the client it is
// given; its requests carry no context.
package agentrest

import (
	"context"
	"net/http"
	"net/url"
)

type Client struct {
	BaseURL *url.URL
	client  *http.Client
}

func (c *Client) NewRequest(method, path string) (*http.Request, error) {
	u, err := c.BaseURL.Parse(path)
	if err != nil {
		return nil, err
	}
	return http.NewRequest(method, u.String(), nil)
}

func (c *Client) Do(ctx context.Context, req *http.Request) (*http.Response, error) {
	resp, err := c.client.Do(req)
	if err != nil {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		default:
		}
		return nil, err
	}
	return resp, resp.Body.Close()
}

type DownloadService struct{ client *Client }

func NewDownloadService(address string, hc *http.Client) (*DownloadService, error) {
	u, err := url.Parse(address)
	if err != nil {
		return nil, err
	}
	return &DownloadService{client: &Client{BaseURL: u, client: hc}}, nil
}

func (s *DownloadService) Download(ctx context.Context, file string) (*http.Response, error) {
	req, err := s.client.NewRequest("POST", "download/"+file)
	if err != nil {
		return nil, err
	}
	return s.client.Do(ctx, req)
}
