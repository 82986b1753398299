package main_test

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/demo-operator/findings.golden")

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

// findings extracts the diagnostics from a driver's output, with file names
// relative to the demo module, sorted.
func findings(t *testing.T, dir, output string) []string {
	var found []string
	for _, line := range strings.Split(output, "\n") {
		m := diagnosticLine.FindStringSubmatch(line)
		if m == nil {
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

	code, out := run(t, dir, bin, "./...")
	if code != 3 {
		t.Fatalf("standalone: exit code %d, want 3 (findings)\n%s", code, out)
	}
	standalone := findings(t, dir, out)

	code, out = run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	if code != 1 {
		t.Fatalf("go vet: exit code %d, want 1 (findings)\n%s", code, out)
	}
	vet := findings(t, dir, out)

	golden := filepath.Join(dir, "findings.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(strings.Join(standalone, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSpace(string(data)), "\n")
	if !slices.Equal(standalone, want) {
		t.Errorf("standalone findings differ from %s:\ngot:\n%s\nwant:\n%s", golden, strings.Join(standalone, "\n"), strings.Join(want, "\n"))
	}
	if !slices.Equal(vet, standalone) {
		t.Errorf("go vet findings differ from standalone:\nvet:\n%s\nstandalone:\n%s", strings.Join(vet, "\n"), strings.Join(standalone, "\n"))
	}
	for _, f := range standalone {
		if strings.Contains(f, "AsyncBucketReconciler") {
			t.Errorf("the corrected reconciler was reported: %s", f)
		}
	}
}

// TestDeterministic runs the standalone driver twice and wants byte-identical output.
func TestDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the demo operator with the real controller-runtime")
	}
	bin, dir := buildTool(t), demoDir(t)
	_, first := run(t, dir, bin, "./...")
	_, second := run(t, dir, bin, "./...")
	if first != second {
		t.Errorf("two runs differ:\n%s\n---\n%s", first, second)
	}
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

// TestReadmeFindings keeps the README true: every finding it quotes is one
// the demo operator produces.
func TestReadmeFindings(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(filepath.Join(demoDir(t), "findings.golden"))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(string(golden), "\n")
	quoted := 0
	for _, line := range strings.Split(string(readme), "\n") {
		if !diagnosticLine.MatchString(line) {
			continue
		}
		quoted++
		if !slices.Contains(want, line) {
			t.Errorf("README.md quotes a finding the demo does not produce:\n%s", line)
		}
	}
	if quoted == 0 {
		t.Error("README.md quotes no finding")
	}
}
