// Package controllers has an envtest-style suite in a test file that binds
// a slow fake, declares a reconciler of its own and a sleepy implementation,
// and imports a mock package: none of it is production code, so nothing is
// reported unless -tests asks for the test files.
package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
)

type Cleaner interface {
	Clean(ctx context.Context) error
}

type Checker interface {
	Check() error
}

// checkers is filled by plugins at run time: its values' types are not in
// sight, so a call through it resolves to the implementations the program
// declares.
var checkers = map[string]Checker{}

type Reconciler struct {
	Cleaner Cleaner
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if c, ok := checkers[req.Name]; ok {
		if err := c.Check(); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, r.Cleaner.Clean(ctx)
}
