// Package porta is an SDK that falls back to http.DefaultClient when its
// caller passes no client.
package porta

import "net/http"

type Client struct{ http *http.Client }

func New(url string, hc *http.Client) *Client {
	if hc == nil {
		hc = http.DefaultClient
	}
	return &Client{http: hc}
}

func (c *Client) DeleteProduct(id string) error {
	req, err := http.NewRequest(http.MethodDelete, "/products/"+id, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) DeleteUser(id string) error {
	req, err := http.NewRequest(http.MethodDelete, "/users/"+id, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
