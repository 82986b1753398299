// Package fetch is two packages away from the Reconcile that reaches it.
package fetch

import "net/http"

func Fetch(url string) error { // want Fetch:`blocks\(http.Get via fetch.Fetch \(fetch/fetch.go:7\) -> http.Get\)`
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
