// Package guessimpl builds its SDK client with static keys: the SDK's STS
// provider, which sends a request with no timeout, is never built, and
// nothing is reported (only -blocking.strict shows the SDK's guess).
package guessimpl

import (
	"context"

	"example.com/credsdk"
	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct{ sdk *credsdk.Client }

func NewR() *R { return &R{sdk: credsdk.New(credsdk.NewStatic("key"))} }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_, err := r.sdk.Sign()
	return ctrl.Result{}, err
}
