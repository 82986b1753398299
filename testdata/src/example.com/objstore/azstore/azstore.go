// Package azstore wraps the Azure Blob SDK's client, built with options
// whose transport client has no Timeout, or none at all.
package azstore

import (
	"context"
	"io"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob"
)

type Client struct {
	*azblob.Client
	Container string
}

func clientOptions(tls bool) *azblob.ClientOptions {
	if !tls {
		return &azblob.ClientOptions{}
	}
	return &azblob.ClientOptions{
		ClientOptions: policy.ClientOptions{
			Transport: &http.Client{ // want `\(\*azblob.Client\).DownloadStream can block the reconcile worker forever: nothing bounds it \(http.Client without Timeout \(azstore/azstore.go:26\) and the reconcile ctx, which has no deadline\): \(\*controllers.AzureIndexReconciler\).Reconcile \(controllers/controllers.go:72\) -> controllers.readFrom \(controllers/controllers.go:56\) -> \(\*azstore.Client\).Get \(azstore/azstore.go:88\) -> \(\*azblob.Client\).DownloadStream`
				Transport: &http.Transport{},
			},
			Retry: policy.RetryOptions{},
		},
	}
}

func New(url, container string, tls bool) (*Client, error) {
	cred, err := azblob.NewSharedKeyCredential("acct", "key")
	if err != nil {
		return nil, err
	}
	c, err := azblob.NewClientWithSharedKeyCredential(url, cred, clientOptions(tls))
	if err != nil {
		return nil, err
	}
	return &Client{Client: c, Container: container}, nil
}

// NewDefault builds the client with no options: azcore's default client.
func NewDefault(url, container string) (*Client, error) {
	cred, err := azblob.NewSharedKeyCredential("acct", "key")
	if err != nil {
		return nil, err
	}
	c, err := azblob.NewClientWithSharedKeyCredential(url, cred, nil) // want `\(\*azblob.Client\).DownloadStream can block the reconcile worker forever: nothing bounds it \(azcore's default http.Client, which has no Timeout, in what azblob.NewClientWithSharedKeyCredential returns \(azstore/azstore.go:52\) and the reconcile ctx, which has no deadline\)`
	if err != nil {
		return nil, err
	}
	return &Client{Client: c, Container: container}, nil
}

// NewBounded: a Timeout on the transport's client, the corrected twin.
func NewBounded(url, container string) (*Client, error) {
	cred, err := azblob.NewSharedKeyCredential("acct", "key")
	if err != nil {
		return nil, err
	}
	opts := &azblob.ClientOptions{ClientOptions: policy.ClientOptions{Transport: &http.Client{Timeout: time.Minute}}}
	c, err := azblob.NewClientWithSharedKeyCredential(url, cred, opts)
	if err != nil {
		return nil, err
	}
	return &Client{Client: c, Container: container}, nil
}

// NewTryBounded: a per-try timeout bounds each request, the other twin.
func NewTryBounded(url, container string) (*Client, error) {
	cred, err := azblob.NewSharedKeyCredential("acct", "key")
	if err != nil {
		return nil, err
	}
	opts := &azblob.ClientOptions{ClientOptions: policy.ClientOptions{Retry: policy.RetryOptions{TryTimeout: time.Minute}}}
	c, err := azblob.NewClientWithSharedKeyCredential(url, cred, opts)
	if err != nil {
		return nil, err
	}
	return &Client{Client: c, Container: container}, nil
}

func (c *Client) Get(ctx context.Context, name string) (io.ReadCloser, error) {
	resp, err := c.DownloadStream(ctx, c.Container, name, nil)
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}
