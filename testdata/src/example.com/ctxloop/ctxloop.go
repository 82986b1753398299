// Package ctxloop waits in loops that a ctx's deadline ends: a select
// whose case on ctx.Done() returns, under a ctx made WithTimeout before the
// loop. The loop lasts until that deadline, whatever its ticker's period.
package ctxloop

import (
	"context"
	"errors"
	"time"

	"example.com/ctxloop/resync"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct{ ready func(context.Context) bool }

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	if err := r.waitForResync(ctx); err != nil {
		return reconcile.Result{}, err
	}
	// Two polls in another package, 30s then 2h: one finding at the call,
	// led by the longer.
	if err := resync.Wait(ctx, r.ready); err != nil { // want `<-ticker.C blocks the reconcile worker \(waits up to 2h0m0s\).*\(and 1 other blocking call through this call\)`
		return reconcile.Result{}, err
	}
	// A deadline of five seconds: under the threshold, whatever the
	// ticker's period.
	if err := r.waitShort(ctx); err != nil {
		return reconcile.Result{}, err
	}
	// The caller's ctx decides: thirty minutes here, one poll of that
	// length and not a turn repeated without limit.
	bounded, cancel := context.WithTimeout(ctx, 30*time.Minute)
	defer cancel()
	_ = r.pollUntilDone(bounded) // want `<-ticker.C blocks the reconcile worker \(polls every 1s for up to 30m0s\)`
	// The worker's ctx has no deadline: the loop has no limit.
	// (reported at the select, whose turns have no limit).
	_ = r.pollUntilDone(ctx)
	return reconcile.Result{}, nil
}

func (r *Reconciler) pollUntilDone(ctx context.Context) error {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select { // want `<-ticker.C blocks the reconcile worker \(waits up to 1s, in a loop that repeats it\)`
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
			if r.ready(ctx) {
				return nil
			}
		}
	}
}

func (r *Reconciler) waitForResync(ctx context.Context) error {
	ticker := time.NewTicker(50 * time.Millisecond)
	defer ticker.Stop()
	ticker.Reset(time.Second)

	finishCtx, cancel := context.WithTimeout(ctx, 2*time.Hour)
	defer cancel()
	finish := func() error {
		for {
			select {
			case <-finishCtx.Done():
				return errors.New("not finished until deadline")
			case <-ticker.C:
				if r.ready(finishCtx) {
					return nil
				}
			}
		}
	}
	return finish() // want `<-ticker.C blocks the reconcile worker \(waits up to 2h0m0s\)`
}

func (r *Reconciler) waitShort(ctx context.Context) error {
	ticker := time.NewTicker(100 * time.Millisecond)
	defer ticker.Stop()
	startCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for {
		select {
		case <-startCtx.Done():
			return errors.New("not started until deadline")
		case <-ticker.C:
			if r.ready(startCtx) {
				return nil
			}
		}
	}
}

// A poll helper whose limit its callers choose: each call is its own wait,
// and the finding at the helper's wait names both.
type Upgrader struct{ ready func() bool }

func (u *Upgrader) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	limit := 2 * 60 * 60
	if err := u.waitRestart(limit); err != nil {
		return reconcile.Result{}, err
	}
	if err := u.waitSynced(limit); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

func (u *Upgrader) waitRestart(limit int) error {
	return retry(10*time.Second, time.Duration(limit)*time.Second, u.ready)
}

func (u *Upgrader) waitSynced(limit int) error {
	return retry(10*time.Second, time.Duration(limit)*time.Second, u.ready)
}

func retry(every, limit time.Duration, done func() bool) error {
	timer := time.NewTimer(limit)
	defer timer.Stop()
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select { // want `<-timer.C blocks the reconcile worker \(polls until a limit set at run time\)`
		case <-timer.C:
			return errors.New("reached the wait limit")
		case <-tick.C:
			if done() {
				return nil
			}
		}
	}
}
