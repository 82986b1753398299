// Package controllers calls nilctxsdk with an auth ctx that a helper
// derives from context.Background(), as datadog-operator's GetAuth does:
// the finding names that Background(), where the deadline goes. Its twin
// passes a ctx with a deadline, which bounds the request: silent.
package controllers

import (
	"context"
	"time"

	"example.com/nilctxsdk"
	ctrl "sigs.k8s.io/controller-runtime"
)

type authKey struct{}

// getAuth returns the credentials in a fresh context.
func getAuth() context.Context {
	return context.WithValue(context.Background(), authKey{}, "token")
}

type MonitorReconciler struct{}

func (r *MonitorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nilctxsdk.NewAPIClient().DeleteMonitor(getAuth(), req.Name) // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(.*context.Background\(\) \(controllers/controllers.go:19\)`
}

type BoundedReconciler struct{}

func (r *BoundedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	auth, cancel := context.WithTimeout(getAuth(), 30*time.Second)
	defer cancel()
	return ctrl.Result{}, nilctxsdk.NewAPIClient().DeleteMonitor(auth, req.Name)
}
