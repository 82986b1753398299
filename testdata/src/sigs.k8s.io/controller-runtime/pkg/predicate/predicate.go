// Package predicate is a stub of controller-runtime's, for analyzer tests.
package predicate

type Predicate interface{ Generic() bool }

type GenerationChangedPredicate struct{}

func (GenerationChangedPredicate) Generic() bool { return true }

func Or(p ...Predicate) Predicate { return p[0] }
