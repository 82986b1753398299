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
	c, err := minio.New(endpoint, &minio.Options{Secure: true}) // want `\(\*minio.Client\).GetObject can block the reconcile worker forever: nothing bounds it \(http.Client without Timeout \(v7/minio.go:33\), in what minio.New returns \(blob/blob.go:17\) and the reconcile ctx, which has no deadline\): \(\*controllers.IndexReconciler\).Reconcile \(controllers/controllers.go:22\) -> controllers.readIndex \(controllers/controllers.go:26\) -> \(\*blob.Client\).Get \(blob/blob.go:25\) -> \(\*minio.Client\).GetObject`
	if err != nil {
		return nil, err
	}
	return &Client{Client: c, bucket: bucket}, nil
}

func (c *Client) Get(ctx context.Context, name string) (io.ReadCloser, error) {
	return c.GetObject(ctx, c.bucket, name, minio.GetObjectOptions{})
}
