// Package ctrl calls its module's helper package: a wait of the helper's
// own is reported once, at the helper; a short one that a loop here repeats
// is reported at the call that the loop repeats.
package ctrl

import (
	"context"

	"example.com/helperwait/ingress"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	primary := ingress.WaitAddress(req.Name)
	replica := ingress.WaitAddress(req.Name + "-replica")
	_ = ingress.Lookup(req.Name) // 600ms: silent
	for i := 0; i < 60; i++ {
		if ingress.Lookup(primary+replica) != "" { // want `time.Sleep blocks the reconcile worker \(waits up to 36s\): \(\*ctrl.Reconciler\).Reconcile \(ctrl/ctrl.go:20\) -> ingress.Lookup \(ingress/ingress.go:30\) -> time.Sleep`
			break
		}
	}
	return reconcile.Result{}, nil
}
