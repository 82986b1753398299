// Package logr is a stub of github.com/go-logr/logr, for analyzer tests.
package logr

import "context"

type contextKey struct{}

// NewContext attaches the logger to ctx.
func NewContext(ctx context.Context, l Logger) context.Context {
	return context.WithValue(ctx, contextKey{}, l)
}

type Logger struct{}

func (Logger) Info(msg string, keysAndValues ...any)             {}
func (Logger) Error(err error, msg string, keysAndValues ...any) {}
