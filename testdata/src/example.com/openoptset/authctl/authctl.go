// Package authctl authenticates with the client config builds, which sets
// DelegatedTokenConfig: the exchange runs.
package authctl

import (
	"context"

	"example.com/openoptset/config"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, config.NewClient(req.Namespace).Authenticate() // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.DefaultClient \(optsdk/optsdk.go:\d+\) and http.NewRequest, which uses context.Background\(\)`
}
