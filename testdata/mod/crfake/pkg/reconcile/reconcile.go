// Package reconcile is a stub of controller-runtime's, for analyzer tests.
package reconcile

import (
	"context"
	"time"
)

type Request struct{ Name, Namespace string }

type Result struct {
	Requeue      bool
	RequeueAfter time.Duration
}

type Reconciler interface {
	Reconcile(context.Context, Request) (Result, error)
}
