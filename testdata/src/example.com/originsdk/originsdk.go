// Package originsdk is an API SDK shaped like cloudflare-go, in a module of
// its own: every method sends through one request function, on
// http.DefaultClient.
package originsdk

import (
	"context"
	"net/http"
)

type API struct {
	client *http.Client
	base   string
}

func New(token string) *API {
	return &API{client: http.DefaultClient, base: "https://api.example.com/" + token}
}

// NewWithClient sends through c.
func NewWithClient(token string, c *http.Client) *API {
	return &API{client: c, base: "https://api.example.com/" + token}
}

func (a *API) CreateTunnel(ctx context.Context, name string) error {
	return a.request(ctx, http.MethodPost, "/tunnels/"+name)
}

func (a *API) DeleteTunnel(ctx context.Context, id string) error {
	return a.request(ctx, http.MethodDelete, "/tunnels/"+id)
}

func (a *API) DeleteRecord(ctx context.Context, id string) error {
	return a.request(ctx, http.MethodDelete, "/dns/"+id)
}

func (a *API) request(ctx context.Context, method, path string) error {
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := a.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
