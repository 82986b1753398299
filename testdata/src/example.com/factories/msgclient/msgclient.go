// Package msgclient is the operator's own wrapper around the SDK: an
// interface for testability and factories that main binds to the
// reconcilers.
package msgclient

import (
	"net/http"
	"time"

	"example.com/factories/msgsdk"
)

type Client interface {
	DeleteQueue(vhost, name string) (*http.Response, error)
}

// Factory builds a Client per reconcile, from the credentials of the object.
type Factory func(creds map[string]string) (Client, error)

// SDKClientFactory is a package-level variable holding a func literal, as
// operators often write their default factory.
var SDKClientFactory Factory = func(creds map[string]string) (Client, error) {
	return generateClient(creds)
}

// TimeoutClientFactory is the corrected twin.
var TimeoutClientFactory Factory = func(creds map[string]string) (Client, error) {
	return msgsdk.NewClientWithTimeout(creds["uri"], 10*time.Second)
}

func generateClient(creds map[string]string) (Client, error) {
	c, err := msgsdk.NewClient(creds["uri"], creds["username"], creds["password"])
	if err != nil {
		return nil, err
	}
	return c, nil
}

// NewClientFactory is a declared function used as the factory.
func NewClientFactory(creds map[string]string) (Client, error) {
	return generateClient(creds)
}

func NewBoundedClientFactory(creds map[string]string) (Client, error) {
	return msgsdk.NewClientWithTimeout(creds["uri"], 30*time.Second)
}

// New builds a Client without a factory: called in the Reconcile itself.
func New(uri string) Client {
	c, _ := msgsdk.NewClient(uri, "guest", "guest")
	return c
}

func NewBounded(uri string) Client {
	c, _ := msgsdk.NewClientWithTimeout(uri, 5*time.Second)
	return c
}

// HTTPClientFactory hands out plain HTTP clients.
type HTTPClientFactory func() *http.Client

func DefaultHTTPClient() *http.Client { return &http.Client{} }

func BoundedHTTPClient() *http.Client { return &http.Client{Timeout: 10 * time.Second} }

// SetTimeoutClientFactory sets the timeout once the client is built, on
// either branch.
func SetTimeoutClientFactory(creds map[string]string) (Client, error) {
	var c *msgsdk.Client
	var err error
	if creds["tls"] == "true" {
		c, err = msgsdk.NewTLSClient(creds["uri"], creds["username"], creds["password"], &http.Transport{})
	} else {
		c, err = msgsdk.NewClient(creds["uri"], creds["username"], creds["password"])
	}
	if err != nil {
		return nil, err
	}
	c.SetTimeout(15 * time.Second)
	return c, nil
}

// PatchedHTTPClient sets the Timeout on the client it got.
func PatchedHTTPClient() *http.Client {
	hc := DefaultHTTPClient()
	hc.Timeout = 5 * time.Second
	return hc
}

// ConfiguredClientFactory builds the client from configuration.
func ConfiguredClientFactory(creds map[string]string) (Client, error) {
	return msgsdk.NewClientFromConfig(creds)
}
