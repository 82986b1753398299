package waits

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// ClusterSlots waits for a cluster in a loop that ends at a deadline its
// caller sets to two minutes, sleeping on each retry branch: the deadline
// bounds the loop, one fix, one finding with the deadline's total (two
// minutes and the turn that runs into it). The other sleeps count into it.
type ClusterSlots struct {
	state func() (up, settled bool)
}

func (r *ClusterSlots) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.waitSlots(2 * time.Minute)
}

func (r *ClusterSlots) waitSlots(timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		up, settled := r.state()
		if !up {
			time.Sleep(500 * time.Millisecond) // want `time.Sleep blocks the reconcile worker \(waits up to 2m0.5s\): \(\*waits.ClusterSlots\).Reconcile \(waits/deadline.go:19\) -> \(\*waits.ClusterSlots\).waitSlots \(waits/deadline.go:27\) -> time.Sleep; return ctrl.Result\{RequeueAfter: ...\} and check again on the next reconcile instead of waiting$`
			continue
		}
		if !settled {
			time.Sleep(500 * time.Millisecond)
			continue
		}
		return nil
	}
	return context.DeadlineExceeded
}

// ShortDeadline is its twin whose loop ends after 500ms: with its last
// 200ms turn, 700ms in all, below the threshold, and not a loop with no
// limit.
type ShortDeadline struct{ ready func() bool }

func (r *ShortDeadline) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	start := time.Now()
	for time.Since(start) < 500*time.Millisecond {
		if r.ready() {
			return ctrl.Result{}, nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return ctrl.Result{RequeueAfter: time.Second}, nil
}

// OpenDeadline ends its loop at a deadline read from its configuration,
// which no code here sets to a constant: a deadline all the same, of a
// length out of sight, so the loop is no loop with no limit, and its wait,
// which the engine cannot compute, is not reported (only with -strict).
type OpenDeadline struct {
	ready   func() bool
	timeout time.Duration
}

func (r *OpenDeadline) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	deadline := time.Now().Add(r.timeout)
	for !time.Now().After(deadline) {
		if r.ready() {
			return ctrl.Result{}, nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return ctrl.Result{RequeueAfter: time.Second}, nil
}
