package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// buildGolangci builds golangci-lint v2 with the reconcilelint plugin from
// testdata/golangci: what `golangci-lint custom` would build, without
// cloning from GitHub. Go's build cache makes a rebuild with no change fast.
func buildGolangci(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "golangci-lint")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = filepath.Join("..", "..", "testdata", "golangci")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building golangci-lint with the plugin: %v\n%s", err, out)
	}
	return bin
}

// golangciLine is a finding in golangci-lint's text output:
// "file:line:col: check: message (reconcilelint)".
var golangciLine = regexp.MustCompile(`^(\S+\.go):(\d+):(\d+): \w+: (.*) \(reconcilelint\)$`)

func golangciFindings(dir, output string) []string {
	var found []string
	for _, line := range strings.Split(output, "\n") {
		m := golangciLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		rel, err := filepath.Rel(dir, m[1])
		if err != nil {
			rel = m[1]
		}
		found = append(found, filepath.ToSlash(rel)+":"+m[2]+":"+m[3]+": "+m[4])
	}
	slices.Sort(found)
	return found
}

// golangciRun runs golangci-lint with a cache of its own: golangci-lint's
// cache keys do not cover a plugin's code, so a shared cache replays the
// findings of an older build of the plugin.
func golangciRun(t *testing.T, bin, dir, config string) (int, string) {
	t.Setenv("GOLANGCI_LINT_CACHE", t.TempDir())
	return run(t, dir, bin, "run", "--config", config, "--path-mode=abs",
		"--output.text.print-issued-lines=false", "--output.text.colors=false", "./...")
}

// TestGolangciPlugin runs the custom golangci-lint on the demo operator with
// the README's .golangci.yml: the same findings as the standalone CLI, a
// //nolint:reconcilelint that suppresses one, and a bad setting that fails.
func TestGolangciPlugin(t *testing.T) {
	needE2E(t)
	bin := buildGolangci(t)
	config, err := filepath.Abs(filepath.Join("..", "..", "testdata", "snippets", "golangci.yml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := demoDir(t)
	golden, err := os.ReadFile(filepath.Join(dir, "findings.golden"))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSpace(string(golden)), "\n")

	code, out := golangciRun(t, bin, dir, config)
	if code != 1 {
		t.Fatalf("golangci-lint: exit code %d, want 1 (issues)\n%s", code, out)
	}
	if got := golangciFindings(dir, out); !slices.Equal(got, want) {
		t.Errorf("golangci-lint findings differ from the standalone CLI's:\ngot:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	t.Run("nolint", func(t *testing.T) {
		copyDir := copyDemo(t)
		file := filepath.Join(copyDir, "internal", "controller", "bucket_controller.go")
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		edited := strings.Replace(string(src), "time.Sleep(5 * time.Second)", "time.Sleep(5 * time.Second) //nolint:reconcilelint // demo", 1)
		if edited == string(src) {
			t.Fatal("the demo no longer has the sleep to suppress")
		}
		if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
			t.Fatal(err)
		}
		_, out := golangciRun(t, bin, copyDir, config)
		got := golangciFindings(copyDir, out)
		if len(got) != len(want)-1 || slices.ContainsFunc(got, func(f string) bool { return strings.Contains(f, "time.Sleep blocks") }) {
			t.Errorf("//nolint:reconcilelint did not suppress exactly the sleep:\n%s", strings.Join(got, "\n"))
		}
	})

	t.Run("bad setting", func(t *testing.T) {
		data, err := os.ReadFile(config)
		if err != nil {
			t.Fatal(err)
		}
		bad := filepath.Join(t.TempDir(), ".golangci.yml")
		text := strings.Replace(string(data), "min-duration: 1s", "min-duraton: 1s", 1)
		if err := os.WriteFile(bad, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out := golangciRun(t, bin, dir, bad)
		if code == 0 || !strings.Contains(out, `unknown field "min-duraton"`) {
			t.Errorf("a misspelt setting: exit code %d, output:\n%s", code, out)
		}
	})
}

// copyDemo copies the demo operator's sources to a temporary module.
func copyDemo(t *testing.T) string {
	t.Helper()
	src, dst := demoDir(t), t.TempDir()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
