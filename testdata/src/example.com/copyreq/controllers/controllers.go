// Package controllers calls the copying SDK under the reconcile ctx
// (reported where the SDK builds its client: neither it nor the ctx bounds
// the copy that is sent)
// and under a ctx with a deadline (silent: the copy carries it).
package controllers

import (
	"context"
	"time"

	"example.com/copyreq/apisdk"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Unbounded struct{}

func (r *Unbounded) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	c := apisdk.New()
	return reconcile.Result{}, c.Get(ctx, "https://api.example.com/"+req.Name)
}

type Bounded struct{}

func (r *Bounded) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return reconcile.Result{}, apisdk.New().Get(ctx, "https://api.example.com/"+req.Name)
}
