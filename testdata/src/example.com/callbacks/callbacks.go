// Package callbacks calls a dependency whose wait sits in a callback that
// the dependency's retry helper runs with the ctx it was given.
package callbacks

import (
	"context"
	"time"

	"example.com/callbacksdk"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{ Client *callbacksdk.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `select on ctx.Done\(\) can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\): \(\*callbacks.Reconciler\).Reconcile \(callbacks/callbacks.go:16\) -> \(\*callbacksdk.Client\).Invoke \(callbacksdk/callbacksdk.go:18\) -> retry.Try \(retry/retry.go:21\) -> \(\*callbacksdk.Client\).Invoke\$1 \(callbacksdk/callbacksdk.go:19\) -> \(\*callbacksdk.Client\).await \(callbacksdk/callbacksdk.go:28\) -> select on ctx.Done\(\)`
	_, err := r.Client.Invoke(ctx, req.Name)
	return ctrl.Result{}, err
}

// BoundedReconciler is the corrected twin: the ctx it passes has a deadline.
type BoundedReconciler struct{ Client *callbacksdk.Client }

func (r *BoundedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err := r.Client.Invoke(ctx, req.Name)
	return ctrl.Result{}, err
}
