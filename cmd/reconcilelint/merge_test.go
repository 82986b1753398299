package main

import (
	"strconv"
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

// TestMergeKeepsPlaces: the places of the finding that gives way (the other
// entry points main's binding reaches the fix site from) stay places of
// the one kept.
func TestMergeKeepsPlaces(t *testing.T) {
	bound := diagnostic{check: "sleeploop", pkg: "m/cmd", Posn: "/m/helper/h.go:9:3", Message: "time.Sleep blocks through the value bound to A at cmd/main.go:12: (*c.A).Reconcile (c/a.go:5) -> h.Run (helper/h.go:9) -> time.Sleep; fix (also reached from 1 other entry point)"}
	bound.Related = []related{{Posn: "/m/helper/h.go:9:3", Message: "also reached: (*c.D).Reconcile (c/d.go:3) -> h.Run (helper/h.go:9) -> time.Sleep"}}
	own := diagnostic{check: "sleeploop", pkg: "m/c", Posn: "/m/helper/h.go:9:3", Message: "time.Sleep blocks: (*c.B).Reconcile (c/b.go:7) -> h.Run (helper/h.go:9) -> time.Sleep; fix"}
	merged := mergeAcrossPackages([]diagnostic{bound, own})
	if len(merged) != 1 || merged[0].pkg != "m/c" {
		t.Fatalf("want one finding, the shorter: %+v", merged)
	}
	var rel []string
	for _, r := range merged[0].Related {
		rel = append(rel, r.Message)
	}
	joined := strings.Join(rel, "\n")
	if len(rel) != 2 || !strings.Contains(joined, "(*c.A).Reconcile") || !strings.Contains(joined, "(*c.D).Reconcile") {
		t.Errorf("want main's chain and its own place, D, related:\n%s", joined)
	}
}

// TestTextPlaces: the text output prints a finding's places under its
// chain, naming a place's line unless it is the finding's own, and cuts
// them after shownPlaces with a count of the rest.
func TestTextPlaces(t *testing.T) {
	d := diagnostic{check: "ctxdeadline", Posn: "/m/db/db.go:9:3", Message: "x can block: (*c.A).Reconcile (c/a.go:5) -> db.Run (db/db.go:9) -> x; fix it"}
	d.Related = append(d.Related, related{Posn: "/m/db/db.go:9:3", Message: "also reached: (*c.B).Reconcile"})
	for i := range shownPlaces + 2 {
		d.Related = append(d.Related, related{Posn: "/m/db/db.go:" + strconv.Itoa(20+i) + ":1", Message: "also blocks in y"})
	}
	var b strings.Builder
	writeText(&b, d, "/m", false)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	want := []string{
		"db/db.go:9:3: x can block (ctxdeadline)",
		"    (*c.A).Reconcile (c/a.go:5)",
		"    db.Run (db/db.go:9)",
		"    x",
		"  + also reached: (*c.B).Reconcile",
		"  + db/db.go:" + "20" + ": also blocks in y",
	}
	if len(lines) != 4+shownPlaces+2 || strings.Join(lines[:len(want)], "\n") != strings.Join(want, "\n") {
		t.Fatalf("got:\n%s\nwant it to start:\n%s", b.String(), strings.Join(want, "\n"))
	}
	if got := lines[len(lines)-2]; got != "  + 3 more places (-json or sarif lists them all)" {
		t.Errorf("want the count of the places not shown, got %q", got)
	}
	if got := lines[len(lines)-1]; got != "  fix: fix it" {
		t.Errorf("want the fix last, got %q", got)
	}
}
