// Package portahelper builds the SDK's client for the controllers: the fix
// goes where it builds the http.Client.
package portahelper

import (
	"net/http"
	"time"

	"example.com/resolve/porta"
)

func Client(url string) *porta.Client {
	return porta.New(url, &http.Client{Transport: &http.Transport{}})
}

func BoundedClient(url string) *porta.Client {
	return porta.New(url, &http.Client{Timeout: 30 * time.Second})
}
