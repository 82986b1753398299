package controllers

import (
	"context"
	"time"

	"example.com/testfiles/mocks"

	ctrl "sigs.k8s.io/controller-runtime"
)

var _ = &Reconciler{Cleaner: mocks.SlowCleaner{}} // want `time.Sleep blocks the reconcile worker through the value bound to controllers.Reconciler.Cleaner here \(waits up to 1m0s\): \(\*controllers.Reconciler\).Reconcile \(controllers/controllers.go:36\) -> \(mocks.SlowCleaner\).Clean`

// suiteCtx is a package variable only the tests declare: the package's init
// initializes it.
var suiteCtx = context.Background()

type sleepyChecker struct{}

func (sleepyChecker) Check() error {
	time.Sleep(time.Minute) // want `time.Sleep blocks the reconcile worker \(waits up to 1m0s\): \(\*controllers.Reconciler\).Reconcile \(controllers/controllers.go:32\) -> \(controllers.sleepyChecker\).Check`
	return nil
}

// suiteReconciler is a reconciler the tests declare.
type suiteReconciler struct{}

func (suiteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	time.Sleep(time.Minute) // want `time.Sleep blocks the reconcile worker \(waits up to 1m0s\): \(controllers.suiteReconciler\).Reconcile`
	return ctrl.Result{}, nil
}
