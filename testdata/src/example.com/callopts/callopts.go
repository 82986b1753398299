package callopts

import (
	"context"
	"errors"
	"time"

	"example.com/callopts/invoker"
	ctrl "sigs.k8s.io/controller-runtime"
)

type forever struct{}

func (forever) Retry(error) (time.Duration, bool) { return time.Second, true }

// defaultOptions is how a generated client sets its methods' options: a
// timeout for every call, a retryer for reads.
func defaultOptions() []invoker.Option {
	return []invoker.Option{
		invoker.WithTimeout(10 * time.Minute),
		invoker.WithRetry(func() invoker.Retryer { return forever{} }),
	}
}

func get(ctx context.Context) error {
	return errors.New("unavailable")
}

// Options calls through the invoker, whose retry loop sleeps through a
// func value for as long as a retryer out of sight says: the wait of each
// turn is not known, so the loop proves nothing (-strict shows it), as for
// a direct call (a library's retry under a pagination loop).
type Options struct{}

func (r *Options) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	err := invoker.Invoke(ctx, func(ctx context.Context, _ invoker.Settings) error { return get(ctx) }, defaultOptions()...)
	return ctrl.Result{}, err
}

// Forever retries in a loop of its own with no limit, sleeping a second on
// each turn through the same helper: the twin that is reported.
type Forever struct{}

func (r *Forever) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	for get(ctx) != nil {
		_ = invoker.Sleep(ctx, time.Second) // want `<-timer.C blocks the reconcile worker \(waits up to 1s, in a loop that repeats it\): \(\*callopts.Forever\).Reconcile \(callopts/callopts.go:46\) -> invoker.Sleep \(invoker/invoker.go:51\) -> <-timer.C; return ctrl.Result\{RequeueAfter: ...\} and check again on the next reconcile instead of waiting$`
	}
	return ctrl.Result{}, nil
}
