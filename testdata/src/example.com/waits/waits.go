// Package waits has every kind of wait sleeploop knows, and the cases it
// must stay silent on.
package waits

import (
	"context"
	"errors"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	Client client.Client
	ready  func() bool
}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	// Polls with a bound, and a closure that sleeps inside the poll.
	_ = wait.PollUntilContextTimeout(ctx, 2*time.Second, 5*time.Minute, true, func(ctx context.Context) (bool, error) { // want `wait.PollUntilContextTimeout blocks the reconcile worker \(polls every 2s for up to 5m0s\)`
		time.Sleep(100 * time.Millisecond) // want `time.Sleep blocks the reconcile worker \(waits up to 100ms, in a loop that repeats it\): \(\*waits.Reconciler\).Reconcile \(waits/waits.go:23\) -> \(\*waits.Reconciler\).Reconcile\$1 \(waits/waits.go:24\) -> time.Sleep`
		return r.ready(), nil
	})
	_ = wait.PollInfinite(time.Second, func() (bool, error) { return true, nil }) // want `wait.PollInfinite blocks the reconcile worker \(polls every 1s with no time limit\)`
	_ = wait.Poll(100*time.Millisecond, 500*time.Millisecond, func() (bool, error) { return true, nil })

	// Timers and tickers.
	<-time.After(3 * time.Second) // want `<-time.After blocks the reconcile worker \(waits up to 3s\)`
	timer := time.NewTimer(2 * time.Second)
	<-timer.C // want `<-timer.C blocks the reconcile worker \(waits up to 2s\)`
	ticker := time.NewTicker(200 * time.Millisecond)
	for range ticker.C { // want `<-ticker.C blocks the reconcile worker \(waits up to 200ms, in a loop that repeats it\)`
		if r.ready() {
			break
		}
	}
	select { // want `<-time.After blocks the reconcile worker \(waits up to 1m0s\)`
	case <-ctx.Done():
	case <-time.After(time.Minute):
	}

	// Retries: the default backoff is short, a hand-made one is not.
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error { return r.Client.Update(ctx, nil) })
	_ = retry.OnError(wait.Backoff{Steps: 6, Duration: time.Second, Factor: 2}, func(error) bool { return true }, func() error { // want `retry.OnError blocks the reconcile worker \(waits up to 31s\)`
		return r.Client.Update(ctx, nil)
	})
	_ = retry.OnError(slowBackoff, func(error) bool { return true }, func() error { return nil }) // want `retry.OnError blocks the reconcile worker \(waits up to 2s\)`

	// A hand-written retry loop whose body waits less than the threshold:
	// its 100 turns wait 5s in all.
	for i := 0; i < 100; i++ {
		if r.ready() {
			break
		}
		time.Sleep(50 * time.Millisecond) // want `time.Sleep blocks the reconcile worker \(waits up to 5s\)`
	}

	// Silent: a short constant sleep, a goroutine, a deferred short nap.
	time.Sleep(10 * time.Millisecond)
	go func() { time.Sleep(time.Hour) }()
	go background()
	defer time.Sleep(500 * time.Millisecond)

	// A deferred long wait still holds the worker.
	defer pause(2 * time.Second)

	// Suppressed at the reported line.
	time.Sleep(20 * time.Second) //reconcilelint:ignore demo only

	// Mutual recursion.
	ping(3)
	return reconcile.Result{}, nil
}

var slowBackoff = wait.Backoff{Steps: 3, Duration: time.Second, Factor: 1}

func pause(d time.Duration) {
	time.Sleep(d) // want `time.Sleep blocks the reconcile worker \(waits up to 2s\): \(\*waits.Reconciler\).Reconcile \(waits/waits.go:68\) -> waits.pause \(waits/waits.go:81\) -> time.Sleep`
}

func background() { time.Sleep(time.Hour) }

func ping(n int) {
	if n > 0 {
		pong(n - 1)
	}
}

func pong(n int) {
	time.Sleep(2 * time.Second) // want `\(\*waits.Reconciler\).Reconcile \(waits/waits.go:74\) -> waits.ping \(waits/waits.go:88\) -> waits.pong \(waits/waits.go:93\) -> time.Sleep`
	ping(n)
}

var errNotReady = errors.New("not ready")
