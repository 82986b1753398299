// Package requester calls a dashboard API through a package-level client
// without a timeout.
package requester

import (
	"net/http"
	"time"
)

type Interface interface {
	Request(method, url string) error
}

var httpClient = &http.Client{Transport: &http.Transport{IdleConnTimeout: 30 * time.Second}} // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.Client without Timeout \(requester/requester.go:14\) and http.NewRequest, which uses context.Background\(\) \(requester/requester.go:19\)\): \(\*controllers.StepsReconciler\).Reconcile`

type Requester struct{ Host string }

func (r *Requester) Request(method, url string) error {
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		return err
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
