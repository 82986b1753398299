// Package finalizer is a project's shared finalizer handler: each
// controller hands its constructor the function that deletes its external
// resource, which the handler calls from the deletion branch.
package finalizer

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
)

// DeleteFunc deletes the external resource behind an object.
type DeleteFunc func(ctx context.Context, id string) error

type Finalizer struct {
	deleteFunc DeleteFunc
}

func New(deleteFunc DeleteFunc) *Finalizer {
	return &Finalizer{deleteFunc: deleteFunc}
}

// Handle runs the delete function, then would remove the finalizer.
func (f *Finalizer) Handle(ctx context.Context, id string) (ctrl.Result, error) {
	if err := f.deleteFunc(ctx, id); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
