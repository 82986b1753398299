package waits

import (
	"context"
	"math"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
)

// untilServerAvailable retries every 5s "forever": Steps is declared an
// int, so code caps it at math.MaxInt32. 5s x 2^31 is 340 years, more than
// a time.Duration holds: the bound must not wrap around to a negative
// wait, which would read as shorter than the threshold and hide the retry.
var untilServerAvailable = wait.Backoff{
	Duration: 5 * time.Second,
	Steps:    math.MaxInt32,
}

// ServerWait retries a ping until the server answers or the reconcile ctx,
// which has no deadline, is cancelled.
type ServerWait struct{ ping func(context.Context) error }

func (r *ServerWait) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	retriable := func(err error) bool {
		if ctx.Err() != nil {
			return false
		}
		return err != nil
	}
	err := retry.OnError(untilServerAvailable, retriable, func() error { // want `retry.OnError blocks the reconcile worker \(waits more than 292 years: no limit in practice\): \(\*waits.ServerWait\).Reconcile \(waits/forever.go:33\) -> retry.OnError`
		return r.ping(ctx)
	})
	return ctrl.Result{}, err
}
