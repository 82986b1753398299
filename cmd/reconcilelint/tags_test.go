package main_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestInferredTags runs the CLI on a module whose package uses a name that
// its dependency declares only under a build tag of its own: without -tags
// the run says which tag it infers and why, analyzes again with it, and
// reports the finding; with -tags given, nothing is inferred and the type
// error fails the run.
func TestInferredTags(t *testing.T) {
	bin := buildTool(t)
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "buildtags"))
	if err != nil {
		t.Fatal(err)
	}
	entry := "-blocking.entries=(*example.com/buildtags/ctrl.Worker).Sync"
	stdout, stderr := runSplit(t, dir, 3, bin, "-oneline", entry, "./...")
	if want := "ctrl/ctrl.go:16:12: time.Sleep blocks the reconcile worker"; !strings.HasPrefix(stdout, want) || strings.Count(stdout, "\n") != 1 {
		t.Errorf("want the one finding of ctrl, starting %q:\n%s", want, stdout)
	}
	notice := "reconcilelint: the packages do not type-check without build tags: idep.Data is declared in example.com/buildtags/dep only under //go:build depinternal; analyzing them again with -tags=depinternal (set -tags to choose)\n"
	if !strings.Contains(stderr, notice) {
		t.Errorf("stderr lacks the inferred tag's notice %q:\n%s", notice, stderr)
	}

	stdout, stderr = runSplit(t, dir, 1, bin, "-tags=other", "-oneline", entry, "./...")
	if stdout != "" || strings.Contains(stderr, "analyzing them again") || !strings.Contains(stderr, "undefined: idep.Data") {
		t.Errorf("-tags=other: want the type error and no inference:\n%s%s", stdout, stderr)
	}
}
