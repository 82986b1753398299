package main_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSARIF writes the demo's findings as SARIF, validates the log against
// the SARIF 2.1.0 schema with a real validator (testdata/sarifcheck), and
// checks that every finding carries its chain as a code flow.
func TestSARIF(t *testing.T) {
	if testing.Short() {
		t.Skip("analyzes the demo operator")
	}
	bin, dir := buildTool(t), demoDir(t)
	out := filepath.Join(t.TempDir(), "reconcilelint.sarif")
	if code, text := run(t, dir, bin, "sarif", "-o", out, "./..."); code != 3 {
		t.Fatalf("reconcilelint sarif: exit code %d, want 3 (findings)\n%s", code, text)
	}
	schema, err := filepath.Abs(filepath.Join("..", "..", "testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	if code, text := run(t, filepath.Join("..", "..", "testdata", "sarifcheck"), "go", "run", ".", schema, out); code != 0 {
		t.Fatalf("the SARIF log does not validate:\n%s", text)
	}

	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Message   struct{ Text string }
				CodeFlows []struct {
					ThreadFlows []struct {
						Locations []struct {
							Location struct {
								PhysicalLocation *struct{} `json:"physicalLocation"`
							}
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(filepath.Join(dir, "findings.golden"))
	if err != nil {
		t.Fatal(err)
	}
	results := log.Runs[0].Results
	if want := strings.Count(strings.TrimSpace(string(golden)), "\n") + 1; len(results) != want {
		t.Errorf("%d SARIF results, want %d", len(results), want)
	}
	for _, r := range results {
		frames := strings.Count(r.Message.Text, " -> ") + 1 // frames and the sink
		if !strings.Contains(r.Message.Text, "finalizer branch returns") {
			frames-- // the sink is not a frame
		}
		if len(r.CodeFlows) != 1 || len(r.CodeFlows[0].ThreadFlows[0].Locations) != frames {
			t.Errorf("%s: want a code flow of %d locations: %s", r.RuleID, frames, r.Message.Text)
			continue
		}
		for _, loc := range r.CodeFlows[0].ThreadFlows[0].Locations {
			if loc.Location.PhysicalLocation == nil {
				t.Errorf("%s: a frame without a location: %s", r.RuleID, r.Message.Text)
			}
		}
	}
}

// TestPreCommitHook runs the repository's .pre-commit-hooks.yaml with the
// real pre-commit (`pre-commit try-repo`) on a git repository that holds the
// demo operator. .ci/run installs pre-commit from Debian's package.
func TestPreCommitHook(t *testing.T) {
	if testing.Short() {
		t.Skip("installs the hook with pre-commit")
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("pre-commit is not installed (apt-get install -y pre-commit); .ci/run installs it")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	repo := copyDemo(t)
	for _, args := range [][]string{
		{"init", "-q"},
		{"-c", "user.email=ci@example.com", "-c", "user.name=ci", "add", "."},
		{"-c", "user.email=ci@example.com", "-c", "user.name=ci", "commit", "-q", "-m", "demo"},
	} {
		if code, out := run(t, repo, "git", args...); code != 0 {
			t.Fatalf("git %v: %s", args, out)
		}
	}
	t.Setenv("PRE_COMMIT_HOME", filepath.Join(t.TempDir(), "pre-commit"))
	code, out := run(t, repo, "pre-commit", "try-repo", root, "reconcilelint", "--all-files", "--verbose")
	if code == 0 || !strings.Contains(out, "time.Sleep blocks the reconcile worker") {
		t.Errorf("pre-commit try-repo: exit code %d, want a failure with the sleeploop finding:\n%s", code, out)
	}
}
