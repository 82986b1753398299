// Package builder is a stub of controller-runtime's, for analyzer tests.
package builder

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Manager interface{ GetClient() client.Client }

type Builder struct{}

type ForOption interface{ applyToFor() }

type Predicates struct{ p []predicate.Predicate }

func (Predicates) applyToFor() {}

func WithPredicates(p ...predicate.Predicate) Predicates { return Predicates{p} }

func ControllerManagedBy(m Manager) *Builder { return &Builder{} }

func (b *Builder) For(obj client.Object, opts ...ForOption) *Builder { return b }
func (b *Builder) Owns(obj client.Object) *Builder                   { return b }
func (b *Builder) Named(name string) *Builder                        { return b }
func (b *Builder) WithEventFilter(p predicate.Predicate) *Builder    { return b }
func (b *Builder) Complete(r reconcile.Reconciler) error             { return nil }
