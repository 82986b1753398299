// Package helpers sits between the controllers and fetch.
package helpers

import "example.com/httpx/helpers/fetch"

func Check() error { return fetch.Fetch("https://status.example.com") } // want Check:`blocks\(http.Get via helpers.Check \(helpers/helpers.go:6\) -> fetch.Fetch \(fetch/fetch.go:7\) -> http.Get\)`
