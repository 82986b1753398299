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
