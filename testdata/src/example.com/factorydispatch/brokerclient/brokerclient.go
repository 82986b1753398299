// Package brokerclient is the operator's wrapper around the SDK: an
// interface for testability and the factories main binds.
package brokerclient

import (
	"context"
	"net/http"
	"time"

	"example.com/factorydispatch/brokersdk"
)

type Client interface {
	DeclareQueue(vhost, name string) (*http.Response, error)
	DeleteQueue(vhost, name string) (*http.Response, error)
	PurgeQueue(ctx context.Context, vhost, name string) (*http.Response, error)
}

// Factory builds a Client per reconcile.
type Factory func(creds map[string]string) (Client, error)

// SDKClientFactory is a package-level variable holding a func literal.
var SDKClientFactory Factory = func(creds map[string]string) (Client, error) {
	return brokersdk.NewClient(creds["uri"])
}

// BoundedClientFactory is the corrected twin: its clients have a timeout.
var BoundedClientFactory Factory = func(creds map[string]string) (Client, error) {
	return brokersdk.NewClientWithTimeout(creds["uri"], 10*time.Second)
}
