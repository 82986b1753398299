package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestBaselineOnTheDemo is the adoption story on the demo operator: record
// today's findings, add a sleep to the corrected reconciler and three blank
// lines above every finding of bucket_controller.go, and want exactly the new
// finding, exit 3. The old findings moved; they stay matched.
func TestBaselineOnTheDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the demo operator with the real controller-runtime")
	}
	bin, dir := buildTool(t), copyDemo(t)
	baseline := filepath.Join(t.TempDir(), "b.json")
	_, stderr := runSplit(t, dir, 0, bin, "-write-baseline", baseline, "./...")
	if !strings.Contains(stderr, "wrote 10 findings to the baseline") {
		t.Errorf("-write-baseline stderr:\n%s", stderr)
	}

	ctl := filepath.Join(dir, "internal", "controller")
	edit(t, filepath.Join(ctl, "bucket_controller.go"), func(s string) string { return "\n\n\n" + s })
	edit(t, filepath.Join(ctl, "bucket_async_controller.go"), func(s string) string {
		head := "func (r *AsyncBucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {\n"
		if !strings.Contains(s, head) {
			t.Fatalf("the demo's AsyncBucketReconciler.Reconcile changed")
		}
		return strings.Replace(s, head, head+"\ttime.Sleep(30 * time.Second)\n", 1)
	})

	stdout, stderr := runSplit(t, dir, 3, bin, "-oneline", "-baseline", baseline, "./...")
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "bucket_async_controller.go:27:") || !strings.Contains(lines[0], "time.Sleep") {
		t.Errorf("with the baseline, want only the new sleep in bucket_async_controller.go:27, got:\n%s", stdout)
	}
	if !strings.Contains(stderr, "matched 10 of 11 findings; new: 1") {
		t.Errorf("stderr does not count the matched findings:\n%s", stderr)
	}
	// The SARIF log holds the same one result.
	sarif, _ := runSplit(t, dir, 3, bin, "sarif", "-baseline", baseline, "./...")
	if n := strings.Count(sarif, `"ruleId"`); n != 1 {
		t.Errorf("the SARIF log with the baseline has %d results, want 1", n)
	}
	// A corrupt baseline stops the run before it starts.
	if err := os.WriteFile(baseline, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr := runSplit(t, dir, 1, bin, "-baseline", baseline, "./..."); !strings.Contains(stderr, "is not a reconcilelint baseline") {
		t.Errorf("a corrupt baseline: stderr\n%s", stderr)
	}
}

func edit(t *testing.T, name string, change func(string) string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(change(readFile(t, name))), 0o644); err != nil {
		t.Fatal(err)
	}
}

// progressBytes is what the progress line writes: a carriage return and
// the erase-line sequence.
const progressBytes = "\r\x1b[K"

// TestProgress runs the demo with stderr a pipe, and wants no byte of the
// progress line; then under a pseudo-terminal (script(1)), and wants it,
// erased before the findings.
func TestProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the demo operator with the real controller-runtime")
	}
	bin, dir := buildTool(t), demoDir(t)
	stdout, stderr := runSplit(t, dir, 3, bin, "./...")
	if strings.Contains(stdout+stderr, "\x1b") || strings.Contains(stdout+stderr, "\r") {
		t.Errorf("progress bytes in piped output:\n%q", stderr)
	}
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("script(1) is not installed (util-linux)")
	}
	cmd := exec.Command(script, "-qec", bin+" ./...", "/dev/null")
	cmd.Dir = dir
	out, _ := cmd.CombinedOutput()
	tty := string(out)
	if !strings.Contains(tty, progressBytes+"reconcilelint: listing packages") {
		t.Errorf("no progress line under a terminal:\n%q", tty)
	}
	if !strings.Contains(tty, "time.Sleep blocks the reconcile worker") {
		t.Errorf("no findings under a terminal:\n%q", tty)
	}
	// With -q, nothing of it.
	cmd = exec.Command(script, "-qec", bin+" -q ./...", "/dev/null")
	cmd.Dir = dir
	if out, _ := cmd.CombinedOutput(); strings.Contains(string(out), progressBytes) {
		t.Errorf("-q still shows progress:\n%q", out)
	}
}

// TestHelpFlagsInReadme wants every flag that `reconcilelint help` lists in
// the README's flags table, and `help <check>` to print the check's page.
func TestHelpFlagsInReadme(t *testing.T) {
	bin := buildTool(t)
	help, _ := runSplit(t, ".", 0, bin, "help")
	flags := regexp.MustCompile(`(?m)^  -(\S+)$`).FindAllStringSubmatch(help, -1)
	if len(flags) < 10 {
		t.Fatalf("help lists %d flags:\n%s", len(flags), help)
	}
	readme := readFile(t, filepath.Join("..", "..", "README.md"))
	for _, f := range flags {
		if !regexp.MustCompile("(?m)^\\| [^|]*`-" + regexp.QuoteMeta(f[1]) + "`").MatchString(readme) {
			t.Errorf("the README's flags table has no row for -%s", f[1])
		}
	}
	page, _ := runSplit(t, ".", 0, bin, "help", "sleeploop")
	if want := readFile(t, filepath.Join("..", "..", "docs", "checks", "sleeploop.md")); !strings.HasPrefix(page, want) {
		t.Errorf("help sleeploop does not print docs/checks/sleeploop.md")
	}
	if _, stderr := runSplit(t, ".", 1, bin, "help", "nosuch"); !strings.Contains(stderr, `no check named "nosuch"`) {
		t.Errorf("help nosuch: %s", stderr)
	}
}
