// Package kube is the operator's client wrapper: an interface and the
// implementation the controllers give the components.
package kube

import (
	"context"
	"net/http"
	"time"
)

type Client interface {
	Apply(name string) error
	WaitGone(name string) error
}

type Impl struct {
	ctx  context.Context
	http *http.Client
}

func New(ctx context.Context) Impl {
	return Impl{ctx: ctx, http: &http.Client{Timeout: 10 * time.Second}}
}

// Apply sends the object under the caller's context.
func (c Impl) Apply(name string) error {
	req, err := http.NewRequestWithContext(c.ctx, http.MethodPut, "http://api/"+name, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Recorder is the implementation the tests use.
type Recorder struct{ Applied []string }

func (r *Recorder) Apply(name string) error {
	r.Applied = append(r.Applied, name)
	return nil
}

// WaitGone waits up to 30s for the object to go, in the caller's worker,
// unless the client's context ends first.
func (c Impl) WaitGone(name string) error {
	for range 15 {
		if c.Apply(name) != nil {
			return nil
		}
		select { // want `<-time.After blocks the reconcile worker \(waits up to 30s\)`
		case <-c.ctx.Done():
			return c.ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
	return nil
}

func (r *Recorder) WaitGone(name string) error { return nil }
