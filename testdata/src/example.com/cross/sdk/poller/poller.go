// Package poller is two packages away from the Reconcile that reaches it.
package poller

import "time"

// Settle waits for the cloud to settle.
func Settle() {
	time.Sleep(30 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 30s\): \(\*ctrl.Reconciler\).Reconcile \(ctrl/ctrl.go:18\) -> \(\*sdk.Client\).Delete \(sdk/sdk.go:10\) -> poller.Settle \(poller/poller.go:8\) -> time.Sleep`
}

// Quiet waits too, but the author has accepted it.
func Quiet() {
	//reconcilelint:ignore bounded by the cloud API's own 2s SLA
	time.Sleep(2 * time.Second)
}
