// Package streamctl runs a dependency's stream whose client and context
// are both made inside the dependency: the fix is a bounded ctx at the call.
package streamctl

import (
	"context"
	"time"

	"example.com/streamsdk"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{ Exec *streamsdk.Executor }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.Exec.Stream(); err != nil { // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.Client without Timeout \(streamsdk/streamsdk.go:18\) and context.Background\(\) \(streamsdk/streamsdk.go:14\)\): .*; the client and the context are made inside a dependency, where no Timeout can be set: call it with a ctx bounded by context.WithTimeout`
		return ctrl.Result{}, err
	}
	// Two clients the dependency makes, one call to fix: one finding.
	if err := r.Exec.Sync(); err != nil { // want `can block the reconcile worker forever: .*\(and 1 other blocking call through this call\)`
		return ctrl.Result{}, err
	}
	// The corrected twin: the context variant, with a deadline.
	bounded, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return ctrl.Result{}, r.Exec.StreamWithContext(bounded)
}
