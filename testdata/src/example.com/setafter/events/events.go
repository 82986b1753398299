// Package events posts a reconciler's events to a webhook through a
// go-retryablehttp client, as a shared runtime library does. NewRecorder
// sets the Timeout of the client's HTTPClient right after NewClient made
// it; NewRecorderUntimed does not.
package events

import (
	"time"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

type Recorder struct {
	Webhook string
	Client  *retryablehttp.Client
}

func NewRecorder(webhook string) (*Recorder, error) {
	httpClient := retryablehttp.NewClient()
	httpClient.HTTPClient.Timeout = 5 * time.Second
	httpClient.RetryMax = 2
	return &Recorder{Webhook: webhook, Client: httpClient}, nil
}

func NewRecorderUntimed(webhook string) (*Recorder, error) {
	httpClient := retryablehttp.NewClient() // want `\(\*retryablehttp.Client\).Post can block the reconcile worker forever: the value bound to controllers.Reconciler.EventRecorder at cmd/main.go:14 leaves it unbounded \(http.Client without Timeout`
	httpClient.RetryMax = 2
	return &Recorder{Webhook: webhook, Client: httpClient}, nil
}

// Eventf posts the event; a failure is only logged.
func (r *Recorder) Eventf(reason string) {
	if r.Webhook == "" {
		return
	}
	_, _ = r.Client.Post(r.Webhook, "application/json", reason)
}
