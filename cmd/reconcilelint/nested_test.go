package main_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestNestedModules runs the CLI on a repository whose providers live in
// nested modules behind local replace directives: they are the project's
// code, so the fix for the provider's client without a Timeout is placed
// in the provider (its bounded twin is silent), and the provider that only
// a file under a build tag registers is named on stderr with the tag that
// brings it in, and analyzed with it.
func TestNestedModules(t *testing.T) {
	bin := buildTool(t)
	t.Setenv("GOPROXY", "off")
	dir := filepath.Join("..", "..", "testdata", "nested")
	entry := "-blocking.entries=(*example.com/op/ctrl.Worker).Sync"
	client := "providers/cloud/cloud.go:12:1: (*http.Client).Do can block the reconcile worker forever: nothing bounds it (http.Client without Timeout (cloudprov/cloud.go:12) and the reconcile ctx, which has no deadline)"
	note := "reconcilelint: example.com/slowprov (./providers/slow, a module of this repository) is imported only by ctrl/register_slow.go under //go:build slowprov, so it is not analyzed; set -tags=slowprov to analyze it\n"

	stdout, stderr := runSplit(t, dir, 3, bin, "-oneline", entry, "./...")
	if !strings.HasPrefix(stdout, client) || strings.Count(stdout, "\n") != 1 {
		t.Errorf("want the one finding, in the nested module, %q:\n%s", client, stdout)
	}
	if !strings.Contains(stderr, note) {
		t.Errorf("stderr does not name the module the build tag leaves out (%q):\n%s", note, stderr)
	}
	for i := 0; i < 2; i++ {
		if again, stderrAgain := runSplit(t, dir, 3, bin, "-oneline", entry, "./..."); again != stdout || stderrAgain != stderr {
			t.Errorf("two runs differ:\n%s%s---\n%s%s", stdout, stderr, again, stderrAgain)
		}
	}

	stdout, stderr = runSplit(t, dir, 3, bin, "-oneline", "-tags=slowprov", entry, "./...")
	// The provider's wait sits at the wait, in the nested module (module
	// code of the repository): after the client's file, in path order.
	sleep := "providers/slow/slow.go:13:12: time.Sleep blocks the reconcile worker (waits up to 1m0s): (*ctrl.Worker).Sync (ctrl/ctrl.go:23) -> (slow.Provider).Cleanup (slowprov/slow.go:13) -> time.Sleep"
	if lines := strings.Split(strings.TrimSpace(stdout), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[0], client) || !strings.HasPrefix(lines[1], sleep) {
		t.Errorf("-tags=slowprov: want the provider's wait and the client:\n%s", stdout)
	}
	if doc := readFile(t, filepath.Join("..", "..", "docs", "running.md")); !strings.Contains(doc, "```\n"+note+"```\n") {
		t.Errorf("docs/running.md does not quote the note:\n%s", note)
	}
	if strings.Contains(stderr, "not analyzed") {
		t.Errorf("-tags=slowprov: stderr still names a module left out:\n%s", stderr)
	}
}

// TestWorkspaceUnderModMod runs the CLI on a go.work member with
// GOFLAGS=-mod=mod, which go refuses in workspace mode: the command drops
// the flag, says so, and reports the member's finding.
func TestWorkspaceUnderModMod(t *testing.T) {
	bin := buildTool(t)
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	dir := filepath.Join("..", "..", "testdata", "workspace", "a")
	stdout, stderr := runSplit(t, dir, 3, bin, "-oneline", "-blocking.entries=(example.com/a.W).Sync", "./...")
	if !strings.HasPrefix(stdout, "a.go:14:12: time.Sleep blocks the reconcile worker (waits up to 1m0s)") {
		t.Errorf("want the member's finding:\n%s", stdout)
	}
	if !strings.Contains(stderr, "reconcilelint: ignoring -mod=mod from GOFLAGS: ") || !strings.Contains(stderr, "go.work puts the module in workspace mode") {
		t.Errorf("stderr does not say the flag was dropped:\n%s", stderr)
	}
}
