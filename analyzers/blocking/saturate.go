package blocking

import (
	"math"
	"time"
)

// Bounds are computed from constants that real code makes huge on purpose
// (wait.Backoff{Duration: 5 * time.Second, Steps: math.MaxInt32} retries
// for 340 years). A sum or product past what a time.Duration holds would
// wrap around to a negative wait, which reads as shorter than any
// threshold: they saturate at the longest Duration instead (about 292
// years, which the messages call no limit in practice).
const longestWait = time.Duration(math.MaxInt64)

// addWaits is a + b, saturated.
func addWaits(a, b time.Duration) time.Duration {
	if b > 0 && a > longestWait-b {
		return longestWait
	}
	return a + b
}

// timesWait is d repeated n times, saturated.
func timesWait(d time.Duration, n int64) time.Duration {
	if d <= 0 || n <= 0 {
		return d * time.Duration(max(n, 0))
	}
	if n > int64(longestWait/d) {
		return longestWait
	}
	return d * time.Duration(n)
}

// timesCount is a × b for counts that are not negative, saturated.
func timesCount(a, b int64) int64 {
	if a > 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

// floatWait converts a sum of nanoseconds kept as a float, saturated.
func floatWait(ns float64) time.Duration {
	if ns >= float64(longestWait) {
		return longestWait
	}
	return time.Duration(ns)
}
