// Package wrapper is the operator's dial helper: it passes WithBlock for
// every caller.
package wrapper

import (
	"context"

	"example.com/dialsdk"
)

func Options() []dialsdk.DialOption { return []dialsdk.DialOption{dialsdk.WithBlock()} }

func Dial(ctx context.Context, target string) (*dialsdk.Conn, error) {
	return dialsdk.Dial(ctx, target, Options()...) // want `time.Sleep blocks the reconcile worker \(waits up to 100ms, in a loop that repeats it\): \(\*viawrapper.Reconciler\).Reconcile \(viawrapper/viawrapper.go:15\) -> wrapper.Dial \(wrapper/wrapper.go:14\)`
}
