package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPartialLoad runs the CLI on a module where one package imports a
// module that cannot exist and another imports that package: the CLI
// analyzes the package that loads and prints its finding, names each
// package that does not load on stderr, and exits 1, in text, JSON and
// SARIF alike.
func TestPartialLoad(t *testing.T) {
	bin := buildTool(t)
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "partial"))
	if err != nil {
		t.Fatal(err)
	}
	// The missing import is a load error without the network; were it not,
	// go would fail here at once instead of waiting on the proxy.
	t.Setenv("GOPROXY", "off")
	entry := "-blocking.entries=(*example.com/partial/ctrl.Worker).Sync"
	wantStderr := []string{
		"reconcilelint: example.com/partial/broken: cannot load: broken/broken.go:6:8: no required module provides package example.invalid/nosuch; to add it: go get example.invalid/nosuch; not analyzed\n",
		"reconcilelint: example.com/partial/uses: cannot load: its dependency example.com/partial/broken does not load: broken/broken.go:6:8: no required module provides package example.invalid/nosuch; to add it: go get example.invalid/nosuch; not analyzed\n",
		"1 finding: 1 sleeploop; 2 packages not analyzed: they do not load (see above)\n",
	}
	checkStderr := func(mode, stderr string) {
		t.Helper()
		for _, want := range wantStderr {
			if !strings.Contains(stderr, want) {
				t.Errorf("%s: stderr lacks %q:\n%s", mode, want, stderr)
			}
		}
		if strings.Contains(stderr, "partial/ctrl: cannot load") || strings.Contains(stderr, "panic") {
			t.Errorf("%s: unexpected stderr:\n%s", mode, stderr)
		}
	}

	stdout, stderr := runSplit(t, dir, 1, bin, "-oneline", entry, "./...")
	if want := "ctrl/ctrl.go:13:12: time.Sleep blocks the reconcile worker (waits up to 1m0s): (*ctrl.Worker).Sync (ctrl/ctrl.go:13) -> time.Sleep; "; !strings.HasPrefix(stdout, want) || strings.Count(stdout, "\n") != 1 {
		t.Errorf("text: want the one finding of ctrl, starting %q:\n%s", want, stdout)
	}
	checkStderr("text", stderr)
	// docs/running.md quotes this stderr whole.
	if doc := readFile(t, filepath.Join("..", "..", "docs", "running.md")); !strings.Contains(doc, "```\n"+strings.Join(wantStderr, "")+"```\n") {
		t.Errorf("docs/running.md does not quote the partial load's stderr in a block of its own:\n%s", strings.Join(wantStderr, ""))
	}
	if stderr != strings.Join(wantStderr, "") {
		t.Errorf("text: stderr has more than the packages left out and the summary:\n%s", stderr)
	}
	if again, stderrAgain := runSplit(t, dir, 1, bin, "-oneline", entry, "./..."); again != stdout || stderrAgain != stderr {
		t.Errorf("two runs differ:\n%s%s---\n%s%s", stdout, stderr, again, stderrAgain)
	}

	stdout, stderr = runSplit(t, dir, 1, bin, "-json", entry, "./...")
	var tree map[string]map[string][]struct{ Posn string }
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("-json: %v\n%s", err, stdout)
	}
	if found := tree["example.com/partial/ctrl"]["sleeploop"]; len(tree) != 1 || len(found) != 1 || !strings.HasSuffix(found[0].Posn, "ctrl.go:13:12") {
		t.Errorf("-json: want ctrl's one sleeploop finding:\n%s", stdout)
	}
	checkStderr("-json", stderr)

	log := filepath.Join(t.TempDir(), "out.sarif")
	_, stderr = runSplit(t, dir, 1, bin, "sarif", "-o", log, entry, "./...")
	checkStderr("sarif", stderr)
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatalf("sarif: no log written: %v", err)
	}
	if n := strings.Count(string(data), `"ruleId": "sleeploop"`); n != 1 {
		t.Errorf("sarif: %d sleeploop results, want 1:\n%s", n, data)
	}

	// When no package loads, there is nothing to analyze: say so, exit 1.
	_, stderr = runSplit(t, dir, 1, bin, entry, "./broken", "./uses")
	if !strings.Contains(stderr, "reconcilelint: no package of ./broken ./uses loads; nothing was analyzed\n") {
		t.Errorf("no package loads: stderr:\n%s", stderr)
	}
}
