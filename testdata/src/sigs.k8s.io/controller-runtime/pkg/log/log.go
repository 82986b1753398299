// Package log is a stub of controller-runtime's, for analyzer tests.
package log

import (
	"context"

	"github.com/go-logr/logr"
)

func FromContext(ctx context.Context, keysAndValues ...any) logr.Logger { return logr.Logger{} }
