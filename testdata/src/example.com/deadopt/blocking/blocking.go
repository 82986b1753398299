// Package blocking dials with WithBlock: the dial waits for the connection
// on the reconcile worker.
package blocking

import (
	"context"

	"example.com/dialsdk"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	if _, err := dialsdk.Dial(ctx, req.Name, dialsdk.WithBlock()); err != nil { // want `time.Sleep blocks the reconcile worker \(waits up to 100ms, in a loop that repeats it\)`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}
