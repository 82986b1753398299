// Package finalizer is a stub of controller-runtime's, for analyzer tests.
package finalizer

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Result struct{ Updated, StatusUpdated bool }

type Finalizer interface {
	Finalize(context.Context, client.Object) (Result, error)
}
