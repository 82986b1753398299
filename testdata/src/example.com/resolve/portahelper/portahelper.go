// Package portahelper builds the SDK's client for the controllers: the fix
// goes where it builds the http.Client.
package portahelper

import (
	"net/http"
	"time"

	"example.com/resolve/porta"
)

func Client(url string) *porta.Client {
	return porta.New(url, &http.Client{Transport: &http.Transport{}}) // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.NewRequest, which uses context.Background\(\) \(porta/porta.go:17\) and http.Client without Timeout \(portahelper/portahelper.go:13\)\).*\(and 1 other blocking call through the same value\)`
}

func BoundedClient(url string) *porta.Client {
	return porta.New(url, &http.Client{Timeout: 30 * time.Second})
}
