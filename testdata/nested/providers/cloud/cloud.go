// Package cloud is a provider kept in a nested module of the repository,
// which the root module reaches through a local replace: the project's own
// code, so the fix for its client without a Timeout is placed here.
package cloud

import (
	"context"
	"net/http"
	"time"
)

var client = &http.Client{}

// bounded is the silent twin: its Timeout bounds every request.
var bounded = &http.Client{Timeout: 10 * time.Second}

func Delete(ctx context.Context, name string) error {
	return send(ctx, client, name)
}

func DeleteBounded(ctx context.Context, name string) error {
	return send(ctx, bounded, name)
}

func send(ctx context.Context, c *http.Client, name string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, "https://cloud.example/"+name, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
