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
	bin, dir := buildTool(t), snippetRepo(t)
	// The README's workflow runs this step; run it as written.
	step := workflowStep(t, "- run: reconcilelint sarif")
	if code, text := run(t, dir, bin, step[1:]...); code != 3 {
		t.Fatalf("%s: exit code %d, want 3 (findings)\n%s", strings.Join(step, " "), code, text)
	}
	out := filepath.Join(dir, "reconcilelint.sarif")
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
	golden, err := os.ReadFile(filepath.Join(demoDir(t), "findings.golden"))
	if err != nil {
		t.Fatal(err)
	}
	results := log.Runs[0].Results
	if want := strings.Count(strings.TrimSpace(string(golden)), "\n") + 1; len(results) != want {
		t.Errorf("%d SARIF results, want %d", len(results), want)
	}
	for _, r := range results {
		frames := strings.Count(r.Message.Text, " -> ") + 1 // frames and the sink
		if r.RuleID != "finalizerrequeue" && r.RuleID != "finalizerleak" && r.RuleID != "resultconflict" {
			frames-- // the sink is not a frame (the other chains end at a return)
		}
		// The message's chain is the first code flow; the other chains of a
		// merged finding (related information) follow it.
		if len(r.CodeFlows) == 0 || len(r.CodeFlows[0].ThreadFlows[0].Locations) != frames {
			t.Errorf("%s: want a first code flow of %d locations: %s", r.RuleID, frames, r.Message.Text)
			continue
		}
		for _, flow := range r.CodeFlows {
			for _, loc := range flow.ThreadFlows[0].Locations {
				if loc.Location.PhysicalLocation == nil {
					t.Errorf("%s: a frame without a location: %s", r.RuleID, r.Message.Text)
				}
			}
		}
	}
}

// TestPreCommitHook runs the README's .pre-commit-config.yaml with the real
// pre-commit, pointed at this repository's HEAD, on a git repository that
// holds the demo operator. .ci/run installs pre-commit from Debian.
func TestPreCommitHook(t *testing.T) {
	needE2E(t)
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("pre-commit is not installed (apt-get install -y pre-commit); .ci/run installs it")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	_, head := run(t, root, "git", "rev-parse", "HEAD")
	snippet, err := os.ReadFile(filepath.Join(root, "testdata", "snippets", "pre-commit-config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	config := strings.NewReplacer(
		"https://github.com/reconcilelint/reconcilelint", root,
		"v0.1.0", strings.TrimSpace(head),
	).Replace(string(snippet))

	repo := snippetRepo(t)
	if err := os.WriteFile(filepath.Join(repo, ".pre-commit-config.yaml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCommit(t, repo)
	t.Setenv("PRE_COMMIT_HOME", filepath.Join(t.TempDir(), "pre-commit"))
	code, out := run(t, repo, "pre-commit", "run", "--all-files", "--verbose")
	if code == 0 || !strings.Contains(out, "time.Sleep blocks the reconcile worker") {
		t.Errorf("pre-commit run: exit code %d, want a failure with the sleeploop finding:\n%s", code, out)
	}
}

// snippetRepo is a git repository holding a copy of the demo operator, where
// the README's snippets run as they would in a user's repository.
func snippetRepo(t *testing.T) string {
	repo := copyDemo(t)
	if code, out := run(t, repo, "git", "init", "-q"); code != 0 {
		t.Fatalf("git init: %s", out)
	}
	gitCommit(t, repo)
	return repo
}

func gitCommit(t *testing.T, repo string) {
	for _, args := range [][]string{
		{"add", "."},
		{"-c", "user.email=ci@example.com", "-c", "user.name=ci", "commit", "-q", "--allow-empty", "-m", "demo"},
	} {
		if code, out := run(t, repo, "git", args...); code != 0 {
			t.Fatalf("git %v: %s", args, out)
		}
	}
}

// workflowStep returns the command of the README workflow's step that
// starts with prefix, split into words.
func workflowStep(t *testing.T, prefix string) []string {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "snippets", "github-workflow.yml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "- run: "); ok && strings.HasPrefix(strings.TrimSpace(line), prefix) {
			return strings.Fields(rest)
		}
	}
	t.Fatalf("the workflow has no step %q", prefix)
	return nil
}

// TestReadmeSnippets keeps the README's snippets and the tested files the
// same: the README quotes each file whole.
func TestReadmeSnippets(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"custom-gcl.yml", "golangci.yml", "pre-commit-config.yaml", "github-workflow.yml"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "snippets", name))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(readme), string(data)) {
			t.Errorf("README.md does not quote testdata/snippets/%s verbatim", name)
		}
	}
	hooks, err := os.ReadFile(filepath.Join("..", "..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(hooks), "id: reconcilelint") || !strings.Contains(string(hooks), "pass_filenames: false") {
		t.Error(".pre-commit-hooks.yaml must define the reconcilelint hook, run on the module")
	}
}
