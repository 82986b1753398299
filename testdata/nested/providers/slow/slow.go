// Package slow is a provider that the root module registers only under the
// slowprov build tag (ctrl/register_slow.go).
package slow

import (
	"context"
	"time"
)

type Provider struct{}

func (Provider) Cleanup(ctx context.Context, name string) error {
	time.Sleep(time.Minute)
	return nil
}
