// Package blob wraps minio-go's client, as operators do.
package blob

import (
	"context"
	"io"

	"github.com/minio/minio-go/v7"
)

type Client struct {
	*minio.Client
	bucket string
}

func NewClient(endpoint, bucket string) (*Client, error) {
	c, err := minio.New(endpoint, &minio.Options{Secure: true})
	if err != nil {
		return nil, err
	}
	return &Client{Client: c, bucket: bucket}, nil
}

func (c *Client) Get(ctx context.Context, name string) (io.ReadCloser, error) {
	return c.GetObject(ctx, c.bucket, name, minio.GetObjectOptions{})
}
