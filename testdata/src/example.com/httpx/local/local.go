// Package local builds its client in the Reconcile: the suggested fix adds
// a Timeout.
package local

import (
	"context"
	"net/http"

	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &http.Client{} // want `\(\*http.Client\).Get can block the reconcile worker forever: nothing bounds it \(a request with no context and http.Client without Timeout \(local/local.go:15\)\)`
	resp, err := c.Get("https://example.com/" + req.Name)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, resp.Body.Close()
}
