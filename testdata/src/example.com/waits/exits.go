package waits

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// PromoteWait waits for a promotion in a loop with no condition whose body
// leaves it once a deadline set before it passes: the loop waits the
// deadline and the turn that runs into it, and the message says so.
type PromoteWait struct{ primary func() bool }

func (r *PromoteWait) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	timeLimit := time.Now().Add(time.Minute)
	for {
		if time.Now().After(timeLimit) {
			return ctrl.Result{}, errors.New("not promoted in time")
		}
		if r.primary() {
			break
		}
		time.Sleep(time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 1m1s\): \(\*waits.PromoteWait\).Reconcile \(waits/exits.go:25\) -> time.Sleep; return`
	}
	return ctrl.Result{}, nil
}

// ShortExit is its twin whose body leaves after 500ms (time.Since form, as
// a term of ||): 600ms with the last turn, below the threshold, and no
// loop with no limit.
type ShortExit struct{ ready func() bool }

func (r *ShortExit) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	start := time.Now()
	for !r.ready() {
		if r.ready() || time.Since(start) >= 500*time.Millisecond {
			return ctrl.Result{RequeueAfter: time.Second}, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return ctrl.Result{}, nil
}

// IngressRetries ranges over a ticker and counts its turns in the body: a
// thousand turns of a second.
type IngressRetries struct{ address func() string }

func (r *IngressRetries) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var retries uint64 = 0
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for range ticker.C { // want `<-ticker.C blocks the reconcile worker \(waits up to 16m40s\): \(\*waits.IngressRetries\).Reconcile`
		retries++
		if retries >= 1000 {
			return ctrl.Result{}, errors.New("no ingress address")
		}
		if r.address() != "" {
			break
		}
	}
	return ctrl.Result{}, nil
}

// FewRetries is its twin with five turns of 100ms: silent.
type FewRetries struct{ address func() string }

func (r *FewRetries) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	retries := 0
	ticker := time.NewTicker(100 * time.Millisecond)
	defer ticker.Stop()
	for range ticker.C {
		retries += 1
		if retries >= 5 {
			return ctrl.Result{RequeueAfter: time.Second}, nil
		}
		if r.address() != "" {
			break
		}
	}
	return ctrl.Result{}, nil
}

// SkippedExit tests its deadline only after a continue that every turn
// may take: the test may never run, so the loop has no limit.
type SkippedExit struct{ ready func() bool }

func (r *SkippedExit) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	deadline := time.Now().Add(500 * time.Millisecond)
	for {
		if !r.ready() {
			time.Sleep(100 * time.Millisecond) // want `time.Sleep blocks the reconcile worker \(waits up to 100ms, in a loop that repeats it\): \(\*waits.SkippedExit\)`
			continue
		}
		if time.Now().After(deadline) {
			return ctrl.Result{}, errors.New("late")
		}
		break
	}
	return ctrl.Result{}, nil
}

// SkippedStep counts only the turns that get past a continue: the counter
// may stop, so the loop has no limit.
type SkippedStep struct{ ready func() bool }

func (r *SkippedStep) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	tries := 0
	for {
		if tries > 3 {
			return ctrl.Result{}, errors.New("gave up")
		}
		time.Sleep(100 * time.Millisecond) // want `time.Sleep blocks the reconcile worker \(waits up to 100ms, in a loop that repeats it\): \(\*waits.SkippedStep\)`
		if !r.ready() {
			continue
		}
		tries++
	}
}
