// Package controller waits in counted loops. How long each loop waits
// follows from its guard: a limit the program stores into a field (the
// SDK's policy, the API's default), or that a caller passes. A loop whose
// count nothing in the code gives weighs one turn, as a loop over a
// collection does.
package controller

import (
	"context"
	"errors"
	"time"

	"example.com/loopbounds/api"
	"example.com/retrysdk"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	events chan bool
	cloud  *retrysdk.API
	get    func(name string) *api.Cluster
}

func New() *Reconciler { return &Reconciler{cloud: retrysdk.New()} }

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	cr := r.get(req.Name)
	cr.SetDefaults()

	// The SDK's retries: three at most, their delays computed at run time.
	// Nothing here proves a long wait.
	if err := r.cloud.Get(ctx, "https://cloud.example.com/"+cr.Name); err != nil {
		return reconcile.Result{}, err
	}
	// The same retries, repeated by a pagination loop: still nothing proven.
	_ = r.cloud.ListAll(ctx, "https://cloud.example.com/", func() bool { return false })
	// Three retries a second apart: 3s, under the threshold.
	_ = r.cloud.Ping(ctx)
	// 60 rounds of 5s, both constants of the SDK's constructor.
	_ = r.cloud.WaitOperation(ctx, cr.Name) // want `time.Sleep blocks the reconcile worker \(waits up to 5m0s\)`

	// The probe's delay, one second a turn: the API's default is 60.
	waitLimit := int(cr.Spec.LivenessProbe.InitialDelaySeconds)
	if err := r.restartPod(ctx, cr, waitLimit); err != nil {
		return reconcile.Result{}, err
	}
	// Attempts has no default the code sets: the count is the user's, and
	// one turn (1s) is what the code proves.
	r.retryAttempts(cr.Spec.Attempts)
	// One turn of 12s is enough to report.
	r.retryLong(cr.Spec.Attempts)
	// Five minutes, plus a grace period the user sets: at least 5m.
	r.waitShutdown(int64(cr.Spec.Attempts))
	// Checks every 10s until a deadline of two hours: the loop is the wait,
	// and the short conflict retry in each turn counts into it.
	_ = pollUntil(10*time.Second, 2*time.Hour, func() bool {
		_ = retry.RetryOnConflict(retry.DefaultRetry, func() error { return nil })
		return r.ready(cr)
	})
	// A timeout made in each turn bounds the turn, not the loop.
	_ = waitEvent(r.events)
	// Retries a connection once a second, up to as many times as there
	// are proxies (20): at most 20s.
	r.connect(proxies)
	// The same loop whose count the code does not give: one turn, 1s.
	r.connect(int32(cr.Spec.Attempts))
	// A counter compared through a conversion: 3 turns of 4s.
	r.perComponent(3)
	// A conflict retry in a conflict retry's attempt: five attempts of at
	// most 44ms each, no loop without a limit.
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return retry.RetryOnConflict(retry.DefaultRetry, func() error { return nil })
	})
	// A 3s sleep in each of six attempts: 18s, with the backoff's own wait.
	_ = retry.OnError(sixSteps, func(error) bool { return true }, func() error {
		time.Sleep(3 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 18s\)`
		return nil
	})
	// A condition loop with no limit at all is proven.
	for !r.ready(cr) {
		time.Sleep(2 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 2s, in a loop that repeats it\)`
	}
	return reconcile.Result{}, nil
}

func (r *Reconciler) restartPod(ctx context.Context, cr *api.Cluster, waitLimit int) error {
	return r.waitPodRestart(ctx, cr, waitLimit)
}

func (r *Reconciler) waitPodRestart(ctx context.Context, cr *api.Cluster, waitLimit int) error {
	for i := 0; i < waitLimit; i++ {
		time.Sleep(time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 1m0s\)`
		if r.ready(cr) {
			return nil
		}
	}
	return nil
}

func (r *Reconciler) retryAttempts(attempts int) {
	for i := 0; i < attempts; i++ {
		time.Sleep(time.Second)
	}
}

const waitLimitSec int64 = 300

const proxies = 20

func (r *Reconciler) connect(proxySize int32) {
	for i := 0; ; i++ {
		err := r.dial()
		if err != nil && i < int(proxySize) {
			time.Sleep(time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 20s\)`
		} else if err != nil && i == int(proxySize) {
			return
		} else {
			break
		}
	}
}

func (r *Reconciler) dial() error { return nil }

func (r *Reconciler) perComponent(count int32) {
	for i := 0; int32(i) < count; i++ {
		time.Sleep(4 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 12s\)`
	}
}

func (r *Reconciler) waitShutdown(gracePeriodSec int64) {
	for i := int64(0); i < waitLimitSec+gracePeriodSec; i++ {
		time.Sleep(time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 5m0s\)`
	}
}

func (r *Reconciler) retryLong(attempts int) {
	for i := 0; i < attempts; i++ {
		time.Sleep(12 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 12s\)`
	}
}

func (r *Reconciler) ready(cr *api.Cluster) bool { return cr.Name != "" }

var _ reconcile.Reconciler = (*Reconciler)(nil)

var sixSteps = wait.Backoff{Steps: 6, Duration: 10 * time.Millisecond, Factor: 1}

// pollUntil checks every period until done says so or limit passes.
func pollUntil(period, limit time.Duration, done func() bool) error {
	deadline := time.NewTimer(limit)
	defer deadline.Stop()
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		select { // want `<-timer.C blocks the reconcile worker \(waits up to 2h0m0s\)`
		case <-deadline.C:
			return errors.New("reach the wait limit")
		case <-tick.C:
			if done() {
				return nil
			}
		}
	}
}

func waitEvent(events chan bool) error {
	for {
		select { // want `<-time.After blocks the reconcile worker \(waits up to 15s, in a loop that repeats it\)`
		case <-time.After(15 * time.Second):
			return errors.New("no event")
		case ok := <-events:
			if ok {
				return nil
			}
		}
	}
}
