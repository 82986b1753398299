// Package fetch is two packages away from the Reconcile that reaches it.
package fetch

import "net/http"

func Fetch(url string) error { // want Fetch:`blocks\(http.Get via fetch.Fetch \(fetch/fetch.go:7\) -> http.Get\)`
	resp, err := http.Get(url) // want `http.Get can block the reconcile worker forever: nothing bounds it \(http.DefaultClient, which has no Timeout, with no context\): \(\*controllers.HelperReconciler\).Reconcile \(controllers/controllers.go:45\) -> helpers.Check \(helpers/helpers.go:6\) -> fetch.Fetch \(fetch/fetch.go:7\) -> http.Get; set Timeout`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
