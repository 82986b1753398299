package waits

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// RetryBranches waits for a cluster in one loop that sleeps on each of its
// three retry branches: one loop, one fix. One finding, at the first sleep,
// whose places are the other two.
type RetryBranches struct {
	state func() (up, nodes, slots bool)
}

func (r *RetryBranches) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	for {
		up, nodes, slots := r.state()
		if !up {
			time.Sleep(500 * time.Millisecond) // want `time.Sleep blocks the reconcile worker \(waits up to 500ms, in a loop that repeats it\): \(\*waits.RetryBranches\).Reconcile \(waits/branches.go:21\) -> time.Sleep; return ctrl.Result\{RequeueAfter: ...\} and check again on the next reconcile instead of waiting \(and 2 other waits in this loop\)$`
			continue
		}
		if !nodes {
			time.Sleep(500 * time.Millisecond)
			continue
		}
		if slots {
			time.Sleep(500 * time.Millisecond)
			continue
		}
		return ctrl.Result{}, nil
	}
}

// TwoLoops is its twin with each sleep in a loop of its own: two fixes, two
// findings.
type TwoLoops struct{ ready func() bool }

func (r *TwoLoops) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	for !r.ready() {
		time.Sleep(500 * time.Millisecond) // want `time.Sleep blocks the reconcile worker \(waits up to 500ms, in a loop that repeats it\): \(\*waits.TwoLoops\).Reconcile \(waits/branches.go:42\) -> time.Sleep; return ctrl.Result\{RequeueAfter: ...\} and check again on the next reconcile instead of waiting$`
	}
	for !r.ready() {
		time.Sleep(500 * time.Millisecond) // want `time.Sleep blocks the reconcile worker \(waits up to 500ms, in a loop that repeats it\): \(\*waits.TwoLoops\).Reconcile \(waits/branches.go:45\) -> time.Sleep; return ctrl.Result\{RequeueAfter: ...\} and check again on the next reconcile instead of waiting$`
	}
	return ctrl.Result{}, nil
}
