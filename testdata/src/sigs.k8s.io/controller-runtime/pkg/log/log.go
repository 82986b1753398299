// Package log is a stub of controller-runtime's, for analyzer tests.
package log

import (
	"context"

	"github.com/go-logr/logr"
)

func FromContext(ctx context.Context, keysAndValues ...any) logr.Logger { return logr.Logger{} }

// IntoContext attaches the logger to ctx.
func IntoContext(ctx context.Context, l logr.Logger) context.Context { return logr.NewContext(ctx, l) }
