// Package cloud is a small SDK for a cloud object-storage API, in the style
// of many vendor SDKs that operators wrap.
package cloud

import (
	"context"
	"fmt"
	"net/http"
	"os/exec"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// Client talks to the storage API.
type Client struct {
	baseURL string
	http    *http.Client
}

// New returns a client. Its http.Client has no Timeout: a request to an API
// that stops answering hangs forever.
func New(baseURL string) *Client {
	return &Client{baseURL: baseURL, http: &http.Client{}}
}

// NewWithTimeout returns a client whose requests give up after timeout.
func NewWithTimeout(baseURL string, timeout time.Duration) *Client {
	return &Client{baseURL: baseURL, http: &http.Client{Timeout: timeout}}
}

// CreateBucket asks the API to create a bucket. The API creates it
// asynchronously.
func (c *Client) CreateBucket(ctx context.Context, name string) error {
	return c.send(ctx, http.MethodPut, name)
}

// DeleteBucket asks the API to delete a bucket. The API deletes it
// asynchronously: the bucket exists for a while after this returns.
func (c *Client) DeleteBucket(ctx context.Context, name string) error {
	return c.send(ctx, http.MethodDelete, name)
}

// BucketExists reports whether the bucket still exists.
func (c *Client) BucketExists(ctx context.Context, name string) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, c.url(name), nil)
	if err != nil {
		return false, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	return resp.StatusCode == http.StatusOK, nil
}

// Snapshot saves the bucket's contents with the vendor's CLI. Only ctx can
// stop the command.
func (c *Client) Snapshot(ctx context.Context, name string) error {
	return exec.CommandContext(ctx, "storagectl", "snapshot", c.url(name)).Run()
}

// WaitReady polls until the bucket exists: up to five minutes.
func (c *Client) WaitReady(ctx context.Context, name string) error {
	return wait.PollUntilContextTimeout(ctx, 2*time.Second, 5*time.Minute, true, func(ctx context.Context) (bool, error) {
		return c.BucketExists(ctx, name)
	})
}

func (c *Client) send(ctx context.Context, method, name string) error {
	req, err := http.NewRequestWithContext(ctx, method, c.url(name), nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %s", method, name, resp.Status)
	}
	return nil
}

func (c *Client) url(name string) string { return c.baseURL + "/buckets/" + name }

// Verify checks a snapshot with the vendor's CLI. Only ctx can stop it.
func (c *Client) Verify(ctx context.Context, name string) error {
	return exec.CommandContext(ctx, "storagectl", "verify", c.url(name)).Run()
}
