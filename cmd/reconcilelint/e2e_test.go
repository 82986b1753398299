package main_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite testdata/demo-operator/findings.golden and output.golden")

// demoDir is the bundled demo operator, a module of its own that requires the
// real controller-runtime.
func demoDir(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "demo-operator"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// buildTool builds reconcilelint once per test binary run.
func buildTool(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "reconcilelint")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// run runs a command in the demo module and returns its exit code and output.
func run(t *testing.T, dir string, name string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, out.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), out.String()
	}
	t.Fatalf("%s: %v\n%s", name, err, out.String())
	return 0, ""
}

var diagnosticLine = regexp.MustCompile(`^(\S+\.go):(\d+):(\d+): (.*)$`)

// checkSuffix is how the standalone command ends a line: with the check.
var checkSuffix = regexp.MustCompile(` \((sleeploop|finalizerrequeue|finalizerleak|httptimeout|ctxdeadline|resultconflict|statusloop)\)$`)

// findings extracts the diagnostics from a driver's output (the standalone
// command's with -oneline), with file names relative to the demo module,
// without the standalone command's check suffix, sorted.
func findings(t *testing.T, dir, output string) []string {
	var found []string
	for _, line := range strings.Split(output, "\n") {
		m := diagnosticLine.FindStringSubmatch(checkSuffix.ReplaceAllString(line, ""))
		if m == nil || strings.HasPrefix(m[4], "\t") { // go vet prints related information so
			continue
		}
		file := m[1]
		if rel, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = rel
		}
		found = append(found, filepath.ToSlash(filepath.Clean(file))+":"+m[2]+":"+m[3]+": "+m[4])
	}
	slices.Sort(found)
	return found
}

// TestDemoOperator runs the binary standalone and as go vet -vettool on the
// demo operator, and checks both against the golden findings.
func TestDemoOperator(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the demo operator with the real controller-runtime")
	}
	bin, dir := buildTool(t), demoDir(t)

	text, stderr := runSplit(t, dir, 3, bin, "./...")
	code, out := run(t, dir, bin, "-oneline", "./...")
	if code != 3 {
		t.Fatalf("standalone: exit code %d, want 3 (findings)\n%s", code, out)
	}
	standalone := findings(t, dir, out)

	code, out = run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	if code != 1 {
		t.Fatalf("go vet: exit code %d, want 1 (findings)\n%s", code, out)
	}
	vet := findings(t, dir, out)

	goldenFindings, goldenText := filepath.Join(dir, "findings.golden"), filepath.Join(dir, "output.golden")
	if *update {
		if err := os.WriteFile(goldenFindings, []byte(strings.Join(standalone, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenText, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := strings.Split(strings.TrimSpace(readFile(t, goldenFindings)), "\n")
	if !slices.Equal(standalone, want) {
		t.Errorf("standalone findings differ from %s:\ngot:\n%s\nwant:\n%s", goldenFindings, strings.Join(standalone, "\n"), strings.Join(want, "\n"))
	}
	if !slices.Equal(vet, standalone) {
		t.Errorf("go vet findings differ from standalone:\nvet:\n%s\nstandalone:\n%s", strings.Join(vet, "\n"), strings.Join(standalone, "\n"))
	}
	if wantText := readFile(t, goldenText); text != wantText {
		t.Errorf("the standalone text output differs from %s:\ngot:\n%s\nwant:\n%s", goldenText, text, wantText)
	}
	if wantSummary := fmt.Sprintf("%d findings: ", len(want)); !strings.HasPrefix(stderr, wantSummary) {
		t.Errorf("stderr does not start with the summary %q:\n%s", wantSummary, stderr)
	}
	summary, _, _ := strings.Cut(stderr, "\n")
	if readme := readFile(t, filepath.Join("..", "..", "README.md")); !strings.Contains(readme, "`"+summary+"`") {
		t.Errorf("README.md does not quote the demo's summary %q", summary)
	}
	for _, f := range standalone {
		if strings.Contains(f, "AsyncBucketReconciler") {
			t.Errorf("the corrected reconciler was reported: %s", f)
		}
	}
}

// TestDeterministic runs the standalone driver twice, the second time with
// nothing of the first cached, and wants byte-identical output.
func TestDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the demo operator with the real controller-runtime")
	}
	bin, dir := buildTool(t), demoDir(t)
	first, _ := runSplit(t, dir, 0, bin, "-json", "./...")
	// A flag value no earlier run used changes go vet's cache keys: the
	// second run analyzes every package again, dependencies included,
	// instead of replaying the first. A threshold a few nanoseconds below
	// the default reports the same waits.
	threshold := fmt.Sprintf("-sleeploop.min-duration=%dns", int64(time.Second)-1-time.Now().UnixNano()%999)
	// A panic recovered in any package, a dependency's too, shows on stderr.
	t.Setenv("RECONCILELINT_DEBUG", "1")
	second, stderr := runSplit(t, dir, 0, bin, "-json", threshold, "./...")
	if first != second {
		t.Errorf("two runs differ:\n%s\n---\n%s", first, second)
	}
	if strings.Contains(stderr, "panic while analyzing") {
		t.Errorf("the analysis panicked:\n%s", stderr)
	}
}

// runSplit runs a command in dir, wants exit code want, and returns its
// stdout and stderr apart.
func runSplit(t *testing.T, dir string, want int, name string, args ...string) (string, string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if code := cmd.ProcessState.ExitCode(); err != nil && code < 0 || code != want {
		t.Fatalf("%s %v: exit code %d, want %d: %v\n%s%s", name, args, code, want, err, stdout.String(), stderr.String())
	}
	return stdout.String(), stderr.String()
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestBadFlags wants a clear message and a non-zero exit for bad flag values.
func TestBadFlags(t *testing.T) {
	bin, dir := buildTool(t), demoDir(t)
	for _, tc := range []struct{ flag, message string }{
		{"-blocking.entries=syncHandler", `bad function name "syncHandler"`},
		{"-sleeploop.min-duration=-1s", "negative duration"},
		{"-sleeploop.min-duration=soon", "invalid duration"},
		{"-no-such-flag", "flag provided but not defined"},
	} {
		code, out := run(t, dir, bin, tc.flag, "./...")
		if code == 0 || !strings.Contains(out, tc.message) {
			t.Errorf("%s: exit code %d, output:\n%s\nwant a non-zero exit and %q", tc.flag, code, out, tc.message)
		}
	}
}

// abbreviates reports whether line is a golden finding with its middle cut
// to " ... " (the README's annotated example): what it keeps of the start
// and the end must be the finding's.
func abbreviates(line string, golden []string) bool {
	head, tail, ok := strings.Cut(line+" ", " ... ")
	tail = strings.TrimSuffix(tail, " ")
	return ok && slices.ContainsFunc(golden, func(g string) bool {
		return len(g) > len(head)+len(tail) && strings.HasPrefix(g, head) && strings.HasSuffix(g, tail)
	})
}

// TestReadmeFindings keeps the README true: its quick start quotes the demo
// command's output exactly as the command prints it.
func TestReadmeFindings(t *testing.T) {
	readme := readFile(t, filepath.Join("..", "..", "README.md"))
	text := readFile(t, filepath.Join(demoDir(t), "output.golden"))
	if !strings.Contains(readme, "```\n"+text+"```\n") {
		t.Errorf("README.md does not quote the demo's output (testdata/demo-operator/output.golden) in a block of its own:\n%s", text)
	}
	// The checks' pages quote single findings in the -oneline form.
	golden := strings.Split(readFile(t, filepath.Join(demoDir(t), "findings.golden")), "\n")
	pages, err := filepath.Glob(filepath.Join("..", "..", "docs", "checks", "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages in docs/checks: %v", err)
	}
	for _, name := range append(pages, filepath.Join("..", "..", "README.md")) {
		for _, line := range strings.Split(readFile(t, name), "\n") {
			oneline := checkSuffix.ReplaceAllString(line, "")
			if diagnosticLine.MatchString(oneline) && !slices.Contains(golden, oneline) && !strings.Contains(text, line+"\n") && !abbreviates(oneline, golden) {
				t.Errorf("%s quotes a finding the demo does not produce:\n%s", name, line)
			}
		}
	}
}

// TestFix applies httptimeout's suggested fix through the standalone
// command (go vet -fix) in a module on the real controller-runtime.
func TestFix(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module with the real controller-runtime")
	}
	bin, dir := buildTool(t), t.TempDir()
	for _, name := range []string{"go.mod", "go.sum"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(readFile(t, filepath.Join(demoDir(t), name))), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := `package main

import (
	"context"
	"net/http"

	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct{}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &http.Client{}
	_, err := c.Get("https://example.com/" + req.Name)
	return ctrl.Result{}, err
}

func main() {}
`
	file := filepath.Join(dir, "main.go")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	runSplit(t, dir, 3, bin, "./...")
	runSplit(t, dir, 0, bin, "-fix", "./...")
	if got := readFile(t, file); !strings.Contains(got, "c := &http.Client{Timeout: 10 * time.Second}") || !strings.Contains(got, `"time"`) {
		t.Errorf("-fix did not add the Timeout:\n%s", got)
	}
	runSplit(t, dir, 0, bin, "./...")
}
