// Command main replaces the API package's default client through its
// setter: with a client without Timeout, every request of the package uses
// it; the corrected twin gives it one.
package main

import (
	"crypto/tls"
	"net/http"
	"time"

	"example.com/resolve/setterglobal/api"
)

func main() {
	initMTLS()
	initBoundedMTLS()
}

func initMTLS() {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.TLSClientConfig = &tls.Config{}
	api.SetMTLSClient(&http.Client{Transport: t}) // want `\(\*http.Client\).Do can block the reconcile worker forever: the value bound to api.mTLSClient here leaves it unbounded \(http.Client without Timeout \(cmd/main.go:22\) and http.NewRequest, which uses context.Background\(\) \(api/api.go:25\)\)`
}

func initBoundedMTLS() {
	t := http.DefaultTransport.(*http.Transport).Clone()
	api.SetMTLSClient(&http.Client{Transport: t, Timeout: 30 * time.Second})
}
