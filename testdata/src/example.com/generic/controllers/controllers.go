// Package controllers has one generic reconciler for every kind: the
// per-kind logic is a type parameter, and the hooks an interface field,
// which main sets through a generic constructor, one instantiation per
// kind.
package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
)

// Logic is what one kind does.
type Logic[T any] interface {
	Sync(ctx context.Context, obj T) error
}

// Hooks run after the kind's logic.
type Hooks[T any] interface {
	Finish(ctx context.Context, obj T) error
}

type Controller[T any, L Logic[T]] struct {
	logic L
	hooks Hooks[T]
}

func New[T any, L Logic[T]](logic L, hooks Hooks[T]) *Controller[T, L] {
	return &Controller[T, L]{logic: logic, hooks: hooks}
}

func (c *Controller[T, L]) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj T
	if err := c.logic.Sync(ctx, obj); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, c.hooks.Finish(ctx, obj)
}
