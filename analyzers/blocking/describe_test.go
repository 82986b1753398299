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
	} {
		if got := (Effect{Wait: c.wait}).Describe(); got != c.want {
			t.Errorf("Describe(%+v) = %q, want %q", c.wait, got, c.want)
		}
	}
}
