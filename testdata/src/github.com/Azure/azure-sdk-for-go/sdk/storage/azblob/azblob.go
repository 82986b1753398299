// Package azblob is a stub of the Azure Blob Storage SDK for the fixtures:
// its client sends through a pipeline built from the options.
package azblob

import (
	"context"
	"io"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
)

type ClientOptions struct {
	policy.ClientOptions
}

type SharedKeyCredential struct{ name, key string }

func NewSharedKeyCredential(name, key string) (*SharedKeyCredential, error) {
	return &SharedKeyCredential{name, key}, nil
}

type pipeline struct{ policies []interface{} }

type Client struct {
	url string
	pl  *pipeline
}

func NewClientWithSharedKeyCredential(serviceURL string, cred *SharedKeyCredential, options *ClientOptions) (*Client, error) {
	return &Client{url: serviceURL, pl: newPipeline(options)}, nil
}

func newPipeline(options *ClientOptions) *pipeline {
	p := &pipeline{}
	if options != nil {
		p.policies = append(p.policies, options.Transport)
	}
	return p
}

type DownloadStreamOptions struct{}

type DownloadStreamResponse struct{ Body io.ReadCloser }

func (c *Client) DownloadStream(ctx context.Context, container, blob string, o *DownloadStreamOptions) (DownloadStreamResponse, error) {
	return DownloadStreamResponse{}, nil
}
