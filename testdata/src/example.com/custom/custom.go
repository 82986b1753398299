// Package custom is checked with -blocking.sinks and -blocking.bounded.
package custom

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

type Vendor struct{}

// WaitForOperation waits for a cloud operation: named by -blocking.sinks.
func (*Vendor) WaitForOperation(id string) error { return nil }

// Flush sleeps, but -blocking.bounded says it is bounded.
func Flush() { time.Sleep(time.Minute) }

type Reconciler struct{ Vendor *Vendor }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	Flush()
	return ctrl.Result{}, r.Vendor.WaitForOperation(req.Name) // want `\(\*custom.Vendor\).WaitForOperation blocks the reconcile worker \(waits with no time limit\)`
}
