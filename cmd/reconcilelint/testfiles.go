package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// With -tests off the _test.go files are not the program: a package whose
// tests import a module that is not there, or do not type-check, still has
// its own files analyzed. go vet always builds a package's test variants,
// so those test files are hidden from it with an -overlay that deletes
// them, and stderr says which packages' tests were skipped, and why.

// testFiles records what the run knows of the packages' test files.
type testFiles struct {
	byPackage map[string][]string // import path -> its _test.go files, absolute
	byFile    map[string]string   // a _test.go file, absolute -> its package
	skipped   map[string]string   // import path -> why its tests are left out
}

func (t *testFiles) add(pkg, dir string, names []string) {
	if t.byPackage == nil {
		t.byPackage, t.byFile = make(map[string][]string), make(map[string]string)
	}
	for _, name := range names {
		file := filepath.Join(dir, name)
		if t.byFile[file] == "" {
			t.byFile[file] = pkg
			t.byPackage[pkg] = append(t.byPackage[pkg], file)
		}
	}
}

// skip leaves pkg's test files out of the run, and says so on stderr once.
func (t *testFiles) skip(pkg, why string, stderr io.Writer) bool {
	if _, done := t.skipped[pkg]; done || len(t.byPackage[pkg]) == 0 {
		return false
	}
	if t.skipped == nil {
		t.skipped = make(map[string]string)
	}
	t.skipped[pkg] = why
	fmt.Fprintf(stderr, "reconcilelint: %s: its tests were skipped: %s; -tests is off, so its own files are analyzed without them\n", pkg, why)
	return true
}

// overlay writes go's -overlay file that deletes the skipped packages'
// test files, and returns its name, or "" when no tests are skipped. The
// name is a hash of the content: go vet's cache keys include it.
func (t *testFiles) overlay() (string, error) {
	if len(t.skipped) == 0 {
		return "", nil
	}
	replace := make(map[string]string)
	for pkg := range t.skipped {
		for _, file := range t.byPackage[pkg] {
			replace[file] = "" // an empty replacement deletes the file
		}
	}
	data, err := json.Marshal(map[string]any{"Replace": replace}) // maps marshal sorted
	if err != nil {
		return "", err
	}
	name := filepath.Join(os.TempDir(), fmt.Sprintf("reconcilelint-overlay-%x.json", hashOf(data)))
	if err := os.WriteFile(name, data, 0o644); err != nil {
		return "", fmt.Errorf("writing the overlay that skips test files: %v", err)
	}
	return name, nil
}

// testFileError is a type error go vet reports in a test file:
// "dir/x_test.go:6:14: cannot use ..." or "vet: dir/x_test.go:6:14: ...".
var testFileError = regexp.MustCompile(`(?m)^(?:vet: )?(\S+_test\.go):\d+(?::\d+)?: .*$`)

// skipFailingTests reads go vet's stderr for type errors in the test files
// of the run's packages and skips those packages' tests. It returns whether
// any package's tests are newly skipped: then the run is worth repeating.
func (t *testFiles) skipFailingTests(vetStderr, cwd string, stderr io.Writer) bool {
	var pkgs []string
	why := make(map[string]string)
	for _, m := range testFileError.FindAllStringSubmatch(vetStderr, -1) {
		file := m[1]
		if !filepath.IsAbs(file) {
			file = filepath.Join(cwd, file)
		}
		pkg := t.byFile[filepath.Clean(file)]
		if pkg == "" || why[pkg] != "" {
			continue
		}
		why[pkg] = "they do not type-check: " + strings.TrimPrefix(m[0], "vet: ")
		pkgs = append(pkgs, pkg)
	}
	slices.Sort(pkgs)
	skipped := false
	for _, pkg := range pkgs {
		if t.skip(pkg, why[pkg], stderr) {
			skipped = true
		}
	}
	return skipped
}
