// Package minio is a stub of github.com/minio/minio-go/v7 for the fixtures:
// the shape of its client (an http.Client built without Timeout) and of
// GetObject, whose request is sent from a goroutine when the object is read.
package minio

import (
	"context"
	"io"
	"net/http"
)

type Options struct {
	Transport http.RoundTripper
	Secure    bool
}

type Client struct {
	endpoint   string
	httpClient *http.Client
}

func New(endpoint string, opts *Options) (*Client, error) {
	return privateNew(endpoint, opts)
}

func privateNew(endpoint string, opts *Options) (*Client, error) {
	clnt := new(Client)
	clnt.endpoint = endpoint
	transport := opts.Transport
	if transport == nil {
		transport = http.DefaultTransport
	}
	clnt.httpClient = &http.Client{Transport: transport}
	return clnt, nil
}

type GetObjectOptions struct{}

type getResponse struct {
	body io.ReadCloser
	err  error
}

type Object struct {
	reqCh chan []byte
	resCh chan getResponse
}

func (o *Object) Read(p []byte) (int, error) {
	o.reqCh <- p
	res := <-o.resCh
	if res.err != nil {
		return 0, res.err
	}
	return res.body.Read(p)
}

func (o *Object) Close() error { close(o.reqCh); return nil }

// GetObject returns at once; a goroutine sends the request when the object
// is first read.
func (c *Client) GetObject(ctx context.Context, bucket, name string, opts GetObjectOptions) (*Object, error) {
	reqCh := make(chan []byte)
	resCh := make(chan getResponse)
	go func() {
		defer close(resCh)
		for range reqCh {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.endpoint+"/"+bucket+"/"+name, nil)
			if err != nil {
				resCh <- getResponse{err: err}
				return
			}
			resp, err := c.httpClient.Do(req)
			if err != nil {
				resCh <- getResponse{err: err}
				return
			}
			resCh <- getResponse{body: resp.Body}
		}
	}()
	return &Object{reqCh: reqCh, resCh: resCh}, nil
}
