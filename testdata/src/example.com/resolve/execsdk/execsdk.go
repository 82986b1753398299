// Package execsdk streams a command's output the way client-go's exec does:
// over an HTTP client without a timeout, and waiting on a context of its own.
package execsdk

import (
	"context"
	"net/http"
)

var client = &http.Client{} // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.Client without Timeout \(execsdk/execsdk.go:10\)`

func Stream(url string) error {
	ctx := context.Background()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	done := make(chan struct{})
	go func() {
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
