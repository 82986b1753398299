// Package globaltimeouts calls a registry whose client's Timeout comes
// from the field of a package variable: bounded, so nothing is reported.
package globaltimeouts

import (
	"context"

	"example.com/ctxd/globaltimeouts/registry"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct {
	Registry *registry.HTTPClient
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if _, err := registry.NewHTTPClient().Get(context.Background(), "https://example.com"); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := registry.NewUploader().Put(context.Background(), "https://example.com/upload"); err != nil {
		return ctrl.Result{}, err
	}
	_, err := r.Registry.Get(ctx, "https://example.com/index")
	return ctrl.Result{}, err
}
