// Package clientfactory builds the SDK's clients for the reconcilers, the
// way messaging-topology-operator's RabbitholeClientFactory does: main
// binds the factory, the reconcilers call it, and the fix is the
// constructor call here, one for every binding.
package clientfactory

import (
	"net/http"
	"time"

	"example.com/originsdk"
)

func Unbounded(token string) *originsdk.API {
	return originsdk.New(token) // want `\(\*http.Client\).Do can block the reconcile worker forever: the value bound to controllers.QueueReconciler.NewClient at cmd/main.go:\d+ leaves it unbounded \(.*in what originsdk.New returns \(clientfactory/clientfactory.go:15\).*\): .*give originsdk.New an HTTP client with a Timeout`
}

// Bounded is the silent twin: its client gives up after ten seconds.
func Bounded(token string) *originsdk.API {
	return originsdk.NewWithClient(token, &http.Client{Timeout: 10 * time.Second})
}
