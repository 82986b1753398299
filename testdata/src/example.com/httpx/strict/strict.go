// Package strict takes its client from a map: its origin is unknown, which
// only -strict reports.
package strict

import (
	"context"
	"net/http"

	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct {
	clients map[string]*http.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	hreq, _ := http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com", nil)
	_, err := r.clients[req.Name].Do(hreq) // want `possibly \(-strict\): \(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(a value of unknown origin \(-strict\) and the reconcile ctx, which has no deadline\)`
	return ctrl.Result{}, err
}
