package blocking

import (
	"testing"
	"time"
)

// A bound of years is printed with what it means in practice; a bound of
// minutes as it is.
func TestDescribeSpans(t *testing.T) {
	for _, c := range []struct {
		wait Wait
		want string
	}{
		{Wait{Total: 2 * time.Hour}, "waits up to 2h0m0s"},
		{Wait{Total: 2147483647 * time.Second}, "waits up to 596523h14m7s, about 68 years: no limit in practice"},
		{Wait{Every: 5 * time.Second, Total: 100 * 365 * 24 * time.Hour}, "polls every 5s for up to 876000h0m0s, about 100 years: no limit in practice"},
		{Wait{Total: longestWait}, "waits more than 292 years: no limit in practice"},
		{Wait{Every: time.Second, Total: longestWait}, "polls every 1s for more than 292 years: no limit in practice"},
	} {
		if got := (Effect{Wait: c.wait}).Describe(); got != c.want {
			t.Errorf("Describe(%+v) = %q, want %q", c.wait, got, c.want)
		}
	}
}

// Bounds past what a Duration holds saturate instead of wrapping to a
// negative wait, which would read as shorter than any threshold.
func TestSaturatedBounds(t *testing.T) {
	huge := backoff{steps: 2147483647, duration: 5 * time.Second}
	if got := huge.total(); got != longestWait {
		t.Errorf("5s x MaxInt32 steps = %v, want the saturated %v", got, longestWait)
	}
	if got := (backoff{steps: 2147483647, duration: time.Second}).total(); got != 2147483646*time.Second {
		t.Errorf("1s x MaxInt32 steps = %v, want %v", got, 2147483646*time.Second)
	}
	if got := (backoff{steps: 5, duration: 10 * time.Millisecond, factor: 5, jitter: 0.1}).total(); got != 1716*time.Millisecond {
		t.Errorf("5 steps of 10ms x5 = %v, want 1.716s", got)
	}
	policy := retryPolicy{interval: 5 * time.Second, retries: 1 << 40}
	if got := policy.wait().Total; got != longestWait {
		t.Errorf("2^40 retries of 5s = %v, want the saturated %v", got, longestWait)
	}
	if got := timesWait(time.Hour, 1<<40); got != longestWait {
		t.Errorf("timesWait overflowed to %v", got)
	}
	if got := addWaits(longestWait-time.Second, time.Hour); got != longestWait {
		t.Errorf("addWaits overflowed to %v", got)
	}
}
