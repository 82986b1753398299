// Package controllers reaches the SDK's one sink under three
// context.Background() calls of the api package: the finding names one and
// lists the others as its places.
package controllers

import (
	"context"

	"example.com/origins/api"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct {
	Token    string
	Deleting bool
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := api.New(r.Token)
	_ = c.Bounded(req.Name)
	if r.Deleting {
		return ctrl.Result{}, c.Delete(req.Name)
	}
	return ctrl.Result{}, c.Create(req.Name)
}
