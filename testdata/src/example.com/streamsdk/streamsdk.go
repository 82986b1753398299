// Package streamsdk is a dependency (another module than its caller) that
// builds its own HTTP client for a stream, as client-go's remotecommand
// does: its callers cannot set a Timeout, only pass a context.
package streamsdk

import (
	"context"
	"net/http"
)

type Executor struct{ URL string }

// Stream streams under context.Background().
func (e *Executor) Stream() error { return e.StreamWithContext(context.Background()) }

// StreamWithContext streams under ctx.
func (e *Executor) StreamWithContext(ctx context.Context) error {
	client := &http.Client{}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.URL, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Sync streams twice, each time through a client of its own.
func (e *Executor) Sync() error {
	if err := e.Stream(); err != nil {
		return err
	}
	logs := &http.Client{}
	resp, err := logs.Get(e.URL + "/logs")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
