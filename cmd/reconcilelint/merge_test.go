package main

import (
	"strings"
	"testing"
)

// TestMergeAcrossPackages: two packages that reach one fix site (main
// through a binding, the controllers package through its own) print one
// finding there, the shorter, with the other's chain as related
// information; a finding at another line stays.
func TestMergeAcrossPackages(t *testing.T) {
	found := []diagnostic{
		{check: "ctxdeadline", pkg: "m/cmd", Posn: "/m/helper/h.go:9:3", Message: "x can block: the value bound to A at cmd/main.go:12 leaves it unbounded: (*c.A).Reconcile (c/a.go:5) -> h.Run (helper/h.go:9) -> x; fix"},
		{check: "ctxdeadline", pkg: "m/c", Posn: "/m/helper/h.go:9:3", Message: "x can block: (*c.B).Reconcile (c/b.go:7) -> h.Run (helper/h.go:9) -> x; fix"},
		{check: "sleeploop", pkg: "m/c", Posn: "/m/helper/h.go:9:3", Message: "time.Sleep blocks: (*c.B).Reconcile (c/b.go:7) -> time.Sleep; fix"},
		{check: "ctxdeadline", pkg: "m/c", Posn: "/m/helper/h.go:12:3", Message: "y can block: (*c.B).Reconcile (c/b.go:8) -> y; fix"},
	}
	merged := mergeAcrossPackages(found)
	if len(merged) != 3 {
		t.Fatalf("want 3 findings (one per check and place), got %d: %+v", len(merged), merged)
	}
	if m := merged[0]; m.pkg != "m/c" || len(m.Related) != 1 || !strings.HasPrefix(m.Related[0].Message, "also reached: (*c.A).Reconcile (c/a.go:5) -> h.Run") {
		t.Errorf("want the shorter finding, with the other's chain related: %+v", m)
	}
	if merged[1].check != "sleeploop" || merged[2].Posn != "/m/helper/h.go:12:3" {
		t.Errorf("the other check and the other line must stay: %+v", merged[1:])
	}
}
