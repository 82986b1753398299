// Package hooked builds its client through a package variable that tests
// replace: the default is what production runs.
package hooked

import (
	"net/http"
	"time"
)

type Client struct{ http *http.Client }

func (c *Client) Delete(url string) error {
	req, err := http.NewRequest(http.MethodDelete, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func newDefault() *Client { return &Client{http: &http.Client{}} } // want `(?s)\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.NewRequest, which uses context.Background\(\) \(hooked/hooked.go:13\) and http.Client without Timeout \(hooked/hooked.go:24\)\).*\(and 1 other blocking call through the same value\)`

func newBounded() *Client { return &Client{http: &http.Client{Timeout: 10 * time.Second}} }

var newClient = newDefault

// SetNewClient is the tests' hook.
func SetNewClient(f func() *Client) { newClient = f }

func Delete(url string) error { return newClient().Delete(url) }

// Purge uses the same client as Delete.
func Purge(url string) error {
	c := newClient()
	if err := c.Delete(url + "/data"); err != nil {
		return err
	}
	return c.Delete(url)
}

var newBoundedClient = newBounded

func SetNewBoundedClient(f func() *Client) { newBoundedClient = f }

func DeleteBounded(url string) error { return newBoundedClient().Delete(url) }
