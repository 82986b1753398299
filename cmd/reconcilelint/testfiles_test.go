package main_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestTestsOffSkipsBrokenTests runs the CLI on a module whose test file
// imports a module that cannot exist and on one whose test file does not
// type-check: with -tests off, each prints the finding of its own code,
// says on stderr why the tests were skipped, and exits 3. With -tests the
// test files are the program, and both runs fail as before.
func TestTestsOffSkipsBrokenTests(t *testing.T) {
	bin := buildTool(t)
	t.Setenv("GOPROXY", "off") // the missing import fails at once, without the network
	for _, c := range []struct {
		module, finding, why, failsWithTests string
	}{
		{"missing", "ctrl/ctrl.go:16:12: time.Sleep blocks the reconcile worker (waits up to 1m0s)",
			"reconcilelint: example.com/missing/ctrl: its tests were skipped: they do not load: ctrl/ctrl_test.go:6:2: no required module provides package example.invalid/nosuch",
			"reconcilelint: example.com/missing/ctrl: cannot load: ctrl/ctrl_test.go:6:2"},
		{"typeerror", "ctrl/ctrl.go:16:12: time.Sleep blocks the reconcile worker (waits up to 2m0s)",
			"reconcilelint: example.com/typeerror/ctrl: its tests were skipped: they do not type-check: ctrl/ctrl_test.go:6:14: cannot use",
			"reconcilelint: go vet failed"},
	} {
		dir := filepath.Join("..", "..", "testdata", "testfiles", c.module)
		entry := "-blocking.entries=(*example.com/" + c.module + "/ctrl.Worker).Sync"
		stdout, stderr := runSplit(t, dir, 3, bin, "-oneline", entry, "./ctrl")
		if !strings.HasPrefix(stdout, c.finding) || strings.Count(stdout, "\n") != 1 {
			t.Errorf("%s: want the one finding %q:\n%s", c.module, c.finding, stdout)
		}
		if !strings.Contains(stderr, c.why) || !strings.Contains(stderr, "-tests is off, so its own files are analyzed without them\n") {
			t.Errorf("%s: stderr does not say why the tests were skipped (%q):\n%s", c.module, c.why, stderr)
		}
		if c.module == "missing" {
			// docs/running.md quotes the line whole.
			line := stderr[strings.Index(stderr, c.why):]
			line = line[:strings.Index(line, "\n")+1]
			if doc := readFile(t, filepath.Join("..", "..", "docs", "running.md")); !strings.Contains(doc, "```\n"+line+"```\n") {
				t.Errorf("docs/running.md does not quote the skipped tests' line:\n%s", line)
			}
		}
		if again, stderrAgain := runSplit(t, dir, 3, bin, "-oneline", entry, "./ctrl"); again != stdout || stderrAgain != stderr {
			t.Errorf("%s: two runs differ:\n%s%s---\n%s%s", c.module, stdout, stderr, again, stderrAgain)
		}
		stdout, stderr = runSplit(t, dir, 1, bin, "-oneline", "-tests", entry, "./ctrl")
		if !strings.Contains(stderr, c.failsWithTests) || strings.Contains(stderr, "skipped") {
			t.Errorf("%s -tests: want the run to fail with %q:\n%s%s", c.module, c.failsWithTests, stdout, stderr)
		}
	}

	// A package whose own files do not type-check still fails the run;
	// the other package's finding is printed all the same.
	dir := filepath.Join("..", "..", "testdata", "testfiles", "typeerror")
	stdout, stderr := runSplit(t, dir, 1, bin, "-oneline", "-blocking.entries=(*example.com/typeerror/ctrl.Worker).Sync", "./...")
	if !strings.HasPrefix(stdout, "ctrl/ctrl.go:16:12: time.Sleep") || !strings.Contains(stderr, `own/own.go:5:13: cannot use "not a number"`) || !strings.Contains(stderr, "its tests were skipped") {
		t.Errorf("./...: want ctrl's finding, own's type error and the skipped tests:\n%s%s", stdout, stderr)
	}
}
