// Package logr is a stub of github.com/go-logr/logr, for analyzer tests.
package logr

type Logger struct{}

func (Logger) Info(msg string, keysAndValues ...any)             {}
func (Logger) Error(err error, msg string, keysAndValues ...any) {}
