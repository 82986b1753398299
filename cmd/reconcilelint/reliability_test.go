package main_test

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestVetParity: under go vet (unitchecker: one package per process, only
// facts cross) the findings equal the standalone driver's, on a module whose
// sink is an unexported function two imports away.
func TestVetParity(t *testing.T) {
	bin := buildTool(t)
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "parity"))
	if err != nil {
		t.Fatal(err)
	}
	entry := "-blocking.entries=(*example.com/parity/ctrl.Worker).Sync,(*example.com/parity/ctrl.Worker).Resync"
	_, out := run(t, dir, bin, "-oneline", entry, "./...")
	standalone := findings(t, dir, out)
	_, out = run(t, dir, "go", "vet", "-vettool="+bin, entry, "./...")
	vet := findings(t, dir, out)
	if len(standalone) == 0 || !slices.Equal(standalone, vet) {
		t.Errorf("findings differ or are missing:\nstandalone:\n%s\nvet:\n%s", strings.Join(standalone, "\n"), strings.Join(vet, "\n"))
	}

	// Both entries reach the wait through each of Sync's three calls: one
	// finding, at the wait in deep (module code), whose places are the
	// other calls and the other entry's chains.
	text, _ := runSplit(t, dir, 0, bin, "-json", entry, "./...")
	var tree map[string]map[string][]struct {
		Message string
		Related []struct{ Message string }
	}
	if err := json.Unmarshal([]byte(text), &tree); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	found := tree["example.com/parity/ctrl"]["sleeploop"]
	if len(found) != 1 {
		t.Fatalf("want one sleeploop finding in ctrl, at the wait all three calls of Sync lead to:\n%s", text)
	}
	f := found[0]
	resync := 0
	for _, r := range f.Related {
		if strings.Contains(r.Message, "(*ctrl.Worker).Resync") {
			resync++
		}
	}
	if len(f.Related) != 5 || resync != 3 ||
		!strings.HasSuffix(f.Message, "(also reached from 1 other entry point) (and through 2 other calls of this package)") {
		t.Errorf("want the two other calls and Resync's three chains related to the finding:\n%s", text)
	}
}

// TestBadInput: each bad input gets a clear message and a non-zero exit.
func TestBadInput(t *testing.T) {
	bin := buildTool(t)
	module := func(files map[string]string) string {
		dir := t.TempDir()
		for name, text := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	for _, tc := range []struct {
		name    string
		dir     string
		args    []string
		message string
	}{
		{"type errors", module(map[string]string{
			"go.mod": "module example.com/bad\n\ngo 1.26\n",
			"p.go":   "package p\n\nfunc F() int { return \"x\" }\n",
		}), []string{"./..."}, `cannot use "x"`},
		{"no packages", module(map[string]string{"go.mod": "module example.com/empty\n\ngo 1.26\n"}),
			[]string{"./..."}, "matched no packages"},
		{"no go.mod", module(map[string]string{"p.go": "package p\n"}),
			[]string{"./..."}, "does not contain main module"},
		{"no packages, sarif", module(map[string]string{"go.mod": "module example.com/empty\n\ngo 1.26\n"}),
			[]string{"sarif", "./..."}, "matched no packages"},
	} {
		code, out := run(t, tc.dir, bin, tc.args...)
		if code == 0 || !strings.Contains(out, tc.message) {
			t.Errorf("%s: exit code %d, output:\n%s\nwant a non-zero exit and %q", tc.name, code, out, tc.message)
		}
		if strings.Contains(out, "panic:") {
			t.Errorf("%s: panicked:\n%s", tc.name, out)
		}
	}
}

// TestFactSize analyzes the demo operator's whole dependency closure and
// checks every package's facts: they encode deterministically and stay
// under 64 KB.
func TestFactSize(t *testing.T) {
	if testing.Short() {
		t.Skip("analyzes the demo operator's dependency closure")
	}
	const limit = 64 << 10
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: demoDir(t)}, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("loading the demo: %v", err)
	}
	graph, err := checker.Analyze(analyzers.All(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Encode each package's facts together, as go vet's driver does, so
	// that gob's type descriptions count once.
	own := make(map[string][]any)
	for act := range graph.All() {
		for _, f := range act.AllObjectFacts() {
			if f.Object.Pkg() == act.Package.Types { // not inherited from a dependency
				own[act.Package.PkgPath] = append(own[act.Package.PkgPath], f.Fact)
			}
		}
	}
	sizes := make(map[string]int)
	for pkg, facts := range own {
		first, second := gobBytes(t, facts), gobBytes(t, facts)
		if !bytes.Equal(first, second) {
			t.Errorf("%s: the facts encode differently twice", pkg)
		}
		sizes[pkg] = len(first)
	}
	largest, largestPkg, total := 0, "", 0
	for pkg, size := range sizes {
		total += size
		if size > limit {
			t.Errorf("%s: %d bytes of facts, over %d", pkg, size, limit)
		}
		if size > largest {
			largest, largestPkg = size, pkg
		}
	}
	if len(sizes) < 3 {
		t.Errorf("only %d packages have facts: the demo's should", len(sizes))
	}
	t.Logf("%d packages with facts, %d bytes in all; largest: %s, %d bytes", len(sizes), total, largestPkg, largest)
}

func init() {
	for _, a := range analyzers.All() {
		for _, f := range a.FactTypes {
			gob.Register(f)
		}
	}
}

func gobBytes(t *testing.T, v any) []byte {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(v); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
