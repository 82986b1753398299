// Package controllers calls a client that a registry field hands out: no
// binding here says which, and the module's only implementation of the
// interface (hz's unexported conn) is what production code can put there.
package controllers

import (
	"context"
	"time"

	"example.com/rta/hz"
	"example.com/rta/login"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{ Registry hz.Registry }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `select on ctx.Done\(\) can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\): \(\*controllers.Reconciler\).Reconcile \(controllers/controllers.go:22\) -> controllers.ping \(controllers/controllers.go:26\) -> \(\*hz.conn\).Invoke \(hz/hz.go:15\) -> select on ctx.Done\(\)`
	c, err := r.Registry.Get(ctx, req.Name)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, ping(ctx, c)
}

func ping(ctx context.Context, c hz.Client) error {
	_, err := c.Invoke(ctx, "ping")
	return err
}

// BoundedReconciler is the corrected twin: its ctx has a deadline.
type BoundedReconciler struct{ Registry hz.Registry }

func (r *BoundedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c, err := r.Registry.Get(ctx, req.Name)
	if err != nil {
		return ctrl.Result{}, err
	}
	_, err = c.Invoke(ctx, "ping")
	return ctrl.Result{}, err
}

// LoginReconciler logs in through a client whose provider creds changed
// from a wider interface: the provider's wait is reached all the same.
type LoginReconciler struct{ Login *login.Client }

func (r *LoginReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `select on ctx.Done\(\) can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\): \(\*controllers.LoginReconciler\).Reconcile \(controllers/controllers.go:\d+\) -> \(\*login.Client\).Login \(login/login.go:16\) -> \(\*creds.exchange\).GetCreds`
	_, err := r.Login.Login(ctx)
	return ctrl.Result{}, err
}

// BoundedLoginReconciler is its corrected twin.
type BoundedLoginReconciler struct{ Login *login.Client }

func (r *BoundedLoginReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err := r.Login.Login(ctx)
	return ctrl.Result{}, err
}
