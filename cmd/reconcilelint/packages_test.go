package main

import (
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// TestProgramList: the list handed to the vet tool holds what production
// code imports (the main module's packages too, even those not named) and
// leaves out a package that only a test file imports.
func TestProgramList(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":        "module example.com/m\n\ngo 1.21\n\nrequire example.com/other v0.0.0\n\nreplace example.com/other => ./other\n",
		"a/a.go":        "package a\n\nimport _ \"example.com/m/c\"\n",
		"a/a_test.go":   "package a\n\nimport _ \"example.com/other/b\"\n",
		"a/ext_test.go": "package a_test\n\nimport _ \"example.com/other/b\"\n",
		"c/c.go":        "package c\n",
		"other/go.mod":  "module example.com/other\n\ngo 1.21\n",
		"other/b/b.go":  "package b\n",
	}
	writeModule(t, dir, files)
	got := listedPackages(t, "./c")
	has := func(p string) bool { return slices.Contains(got, p) }
	if !has("example.com/m/a") || !has("example.com/m/c") || has("example.com/other/b") {
		t.Errorf("list = %v, want example.com/m/a and example.com/m/c, not example.com/other/b", got)
	}
	if list, _ := programList(&options{vetFlags: []string{"-blocking.tests=true"}}, []string{"./a"}); list != "" {
		t.Error("with -tests, every package is analyzed: want no list")
	}
}

// TestLimitMemory: the vet tool sets its soft memory limit unless
// $GOMEMLIMIT sets one.
func TestLimitMemory(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	debug.SetMemoryLimit(math.MaxInt64)
	if got := limitMemory(func(string) string { return "" }); got != vetMemoryLimit || debug.SetMemoryLimit(-1) != vetMemoryLimit {
		t.Errorf("limitMemory = %d, runtime limit %d; want %d", got, debug.SetMemoryLimit(-1), vetMemoryLimit)
	}
	debug.SetMemoryLimit(math.MaxInt64)
	if got := limitMemory(func(string) string { return "1GiB" }); got != -1 || debug.SetMemoryLimit(-1) != math.MaxInt64 {
		t.Errorf("with GOMEMLIMIT set, limitMemory = %d, runtime limit %d; want it left alone", got, debug.SetMemoryLimit(-1))
	}
}

// TestProgramListFiles: with file names for patterns the list still holds
// their package and its imports.
func TestProgramListFiles(t *testing.T) {
	dir := t.TempDir()
	writeModule(t, dir, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.21\n",
		"a/a.go": "package a\n\nimport _ \"example.com/m/c\"\n",
		"c/c.go": "package c\n",
	})
	if got := listedPackages(t, "a/a.go"); !slices.Contains(got, "command-line-arguments") || !slices.Contains(got, "example.com/m/c") {
		t.Errorf("list = %v, want command-line-arguments and example.com/m/c", got)
	}
}

// writeModule writes files (relative path: text) below dir and makes dir
// the working directory.
func writeModule(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

// listedPackages is the production list the driver writes for patterns.
func listedPackages(t *testing.T, patterns ...string) []string {
	t.Helper()
	name, _ := programList(&options{}, patterns)
	if name == "" {
		t.Fatal("no list")
	}
	defer os.Remove(name)
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(data))
}
