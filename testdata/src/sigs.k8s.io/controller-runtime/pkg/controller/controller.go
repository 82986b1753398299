// Package controller is a stub of controller-runtime's, for analyzer tests.
package controller

import "time"

type Options struct {
	MaxConcurrentReconciles int
	ReconciliationTimeout   time.Duration
}
