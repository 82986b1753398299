// Package api keeps its HTTP clients in package variables that setters
// replace: the default is set at init through the setter, and main may
// replace it. What production stores, through the setters too, is what the
// requests use.
package api

import (
	"crypto/tls"
	"net/http"
	"time"
)

var insecureClient *http.Client
var mTLSClient *http.Client

func SetInsecureClient(c *http.Client) { insecureClient = c }

func SetMTLSClient(c *http.Client) { mTLSClient = c }

func Call(url string) error {
	client := insecureClient
	if mTLSClient != nil {
		client = mTLSClient
	}
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func init() {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.TLSClientConfig = &tls.Config{InsecureSkipVerify: true}
	SetInsecureClient(&http.Client{Transport: t}) // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.Client without Timeout \(api/api.go:39\) and http.NewRequest, which uses context.Background\(\) \(api/api.go:25\)\): \(\*controllers.APIReconciler\).Reconcile \(controllers/controllers.go:15\) -> api.Call \(api/api.go:29\) -> \(\*http.Client\).Do`
	SetBoundedClient(&http.Client{Transport: t, Timeout: 10 * time.Second})
}

// The corrected twin: the default the setter stores has a Timeout.

var boundedClient *http.Client

func SetBoundedClient(c *http.Client) { boundedClient = c }

func CallBounded(url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := boundedClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
