package retries

import (
	"testing"
	"time"
)

// The test hook: tests make the waits long or short; production runs the
// package's own values.
func TestRetries(t *testing.T) {
	defaultDelay, defaultRetries = time.Hour, 1000
	defer func() { defaultDelay, defaultRetries = 2*time.Second, 10 }()
}
