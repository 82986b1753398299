// Package wrapper is the operator's dial helper: it passes WithBlock for
// every caller.
package wrapper

import (
	"context"

	"example.com/dialsdk"
)

func Options() []dialsdk.DialOption { return []dialsdk.DialOption{dialsdk.WithBlock()} }

func Dial(ctx context.Context, target string) (*dialsdk.Conn, error) {
	return dialsdk.Dial(ctx, target, Options()...)
}
