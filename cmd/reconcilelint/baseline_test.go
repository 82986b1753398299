package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBaselineSurvivesShiftedLines records a finding, moves it three lines
// down (and the line its message names), and wants it matched; a finding
// of the same check in another function is new.
func TestBaselineSurvivesShiftedLines(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "ctl.go")
	src := "package ctl\n\nimport \"time\"\n\nfunc (r *R) wait() {\n\ttime.Sleep(time.Minute)\n}\n\nfunc other() {\n\ttime.Sleep(time.Minute)\n}\n"
	write := func(text string) {
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	finding := func(line int, frameLine string) diagnostic {
		return diagnostic{
			check: "sleeploop",
			Posn:  file + ":" + frameLine + ":2",
			Message: "time.Sleep blocks the reconcile worker (waits up to 1m0s): (*ctl.R).Reconcile (ctl/ctl.go:" +
				frameLine + ") -> time.Sleep; return ctrl.Result{RequeueAfter: ...} instead",
		}
	}
	write(src)
	name := filepath.Join(dir, "baseline.json")
	if err := writeBaseline(name, []diagnostic{finding(6, "6")}); err != nil {
		t.Fatal(err)
	}
	b, err := readBaseline(name)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Findings) != 1 || b.Findings[0].Function != "(*R).wait" || strings.Contains(b.Findings[0].Message, ":6") {
		t.Fatalf("baseline entry = %+v, want one in (*R).wait without line numbers", b.Findings)
	}

	write("\n\n\n" + src)
	moved, other := finding(9, "9"), finding(13, "13")
	fresh, matched := filterBaseline([]diagnostic{moved, other}, b)
	if matched != 1 || len(fresh) != 1 || fresh[0].Posn != other.Posn {
		t.Errorf("after the shift: matched %d, new %v; want the moved finding matched and the one in other() new", matched, fresh)
	}
	// An entry matches one finding: a second identical finding is new.
	if fresh, matched := filterBaseline([]diagnostic{moved, moved}, b); matched != 1 || len(fresh) != 1 {
		t.Errorf("two identical findings against one entry: matched %d, new %d; want 1 and 1", matched, len(fresh))
	}
}

// TestBadBaseline wants a clear error for a baseline that is missing, not
// JSON, of another shape or of another version.
func TestBadBaseline(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, content, want string }{
		{"missing.json", "", "cannot read the baseline"},
		{"corrupt.json", `{"reconcilelint_baseline": 1, "findings": [`, "is not a reconcilelint baseline"},
		{"other.json", `{"issues": []}`, "is not a reconcilelint baseline"},
		{"unversioned.json", `{"findings": []}`, "has no \"reconcilelint_baseline\" version"},
		{"future.json", `{"reconcilelint_baseline": 2, "findings": []}`, "version 2; this reconcilelint reads version 1"},
		{"partial.json", `{"reconcilelint_baseline": 1, "findings": [{"check": "sleeploop"}]}`, "lacks its check, file or message"},
	} {
		name := filepath.Join(dir, tc.name)
		if tc.content != "" {
			if err := os.WriteFile(name, []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := readBaseline(name); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}
