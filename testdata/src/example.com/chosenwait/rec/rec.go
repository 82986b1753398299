// Package rec is the module's deployment helpers: DaemonSet waits for the
// rollout with a poll whose limit it passes to its own helper, from a
// setting read at start. One wait, reported at the poll, whichever
// controller package reaches it.
package rec

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

var appWaitReadyTimeout = 5 * time.Second

// Init sets the timeout from the config.
func Init(d time.Duration) { appWaitReadyTimeout = d }

func DaemonSet(ctx context.Context) error {
	return waitReady(ctx, appWaitReadyTimeout)
}

func waitReady(ctx context.Context, deadline time.Duration) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, deadline, true, func(ctx context.Context) (bool, error) { // want `wait.PollUntilContextTimeout blocks the reconcile worker \(polls every 1s until a limit set at run time\).*\(and through 1 other call of this package\)`
		return false, nil
	})
}
