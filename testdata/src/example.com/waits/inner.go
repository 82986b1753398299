package waits

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// InnerRetry waits in a loop until a condition holds; each turn calls a
// step that sleeps, and a short retry inside the step. The retry counts
// into the loop's wait and is no place of its own: one finding, at the
// call the loop repeats, with no other blocking call.
type InnerRetry struct{ ready func() bool }

func (r *InnerRetry) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	for !r.ready() {
		r.step() // want `time.Sleep blocks the reconcile worker \(waits up to 2s, in a loop that repeats it\): \(\*waits.InnerRetry\).Reconcile \(waits/inner.go:18\) -> \(\*waits.InnerRetry\).step \(waits/inner.go:24\) -> time.Sleep; return ctrl.Result\{RequeueAfter: ...\} and check again on the next reconcile instead of waiting$`
	}
	return ctrl.Result{}, nil
}

func (r *InnerRetry) step() {
	time.Sleep(2 * time.Second)
	lookupRetry()
}

// lookupRetry tries three times, 100ms apart.
func lookupRetry() {
	for i := 0; i < 3; i++ {
		time.Sleep(100 * time.Millisecond)
	}
}

// PodRestart waits for a pod in a loop whose count the caller passes; each
// turn sleeps and updates a status that retries a lookup three times, 100ms
// apart. The retry, repeated 120 times, is 36s in all, but one turn of the
// loop holds it 300ms: it counts into the loop's wait, the finding's, and
// is no place of its own.
type PodRestart struct{}

func (r *PodRestart) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.waitRestart(120)
	return ctrl.Result{}, nil
}

func (r *PodRestart) waitRestart(limit int) {
	for i := 0; i < limit; i++ {
		r.check() // want `time.Sleep blocks the reconcile worker \(waits up to 2m0s\): \(\*waits.PodRestart\).Reconcile \(waits/inner.go:43\) -> \(\*waits.PodRestart\).waitRestart \(waits/inner.go:49\) -> \(\*waits.PodRestart\).check \(waits/inner.go:54\) -> time.Sleep; return ctrl.Result\{RequeueAfter: ...\} and check again on the next reconcile instead of waiting$`
	}
}

func (r *PodRestart) check() {
	time.Sleep(time.Second)
	lookupRetry()
}

// SmartUpdate waits for a pod in a counted loop that sleeps 1s a turn and
// updates a status whose service lookup retries 6 times, 100ms apart. The
// loop is one fix: the retry, 600ms a turn, counts into the loop's total
// (60 turns of 1.6s) and is neither a finding nor a place of its own.
type SmartUpdate struct{}

func (r *SmartUpdate) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.waitPod(60)
	return ctrl.Result{}, nil
}

func (r *SmartUpdate) waitPod(limit int) {
	for i := 0; i < limit; i++ {
		time.Sleep(time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 1m36s\): \(\*waits.SmartUpdate\).Reconcile \(waits/inner.go:65\) -> \(\*waits.SmartUpdate\).waitPod \(waits/inner.go:71\) -> time.Sleep; return ctrl.Result\{RequeueAfter: ...\} and check again on the next reconcile instead of waiting$`
		updateStatus()
	}
}

func updateStatus() {
	for range 6 {
		time.Sleep(100 * time.Millisecond)
	}
}

// SlowStatus is SmartUpdate's twin whose status update waits 2s a turn:
// long on its own, so a fix of its own, reported at the call the loop
// repeats beside the loop's sleep.
type SlowStatus struct{}

func (r *SlowStatus) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.waitPod(60)
	return ctrl.Result{}, nil
}

func (r *SlowStatus) waitPod(limit int) {
	for i := 0; i < limit; i++ {
		time.Sleep(time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 1m0s\)`
		slowStatus()            // want `time.Sleep blocks the reconcile worker \(waits up to 2m0s\)`
	}
}

func slowStatus() {
	time.Sleep(2 * time.Second)
}
