package blocking

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestPrecheckLosesNothing analyzes the demo operator's dependency closure
// with and without the pre-check that skips building SSA, and wants the same
// facts and the same entry effects and bindings: the packages it skips have
// no sink and no reachable fact.
func TestPrecheckLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("analyzes the demo operator's dependency closure twice")
	}
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "demo-operator"))
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("loading the demo: %v", err)
	}
	var mu sync.Mutex
	var skipped []string
	skipHook = func(path string) {
		mu.Lock()
		skipped = append(skipped, path)
		mu.Unlock()
	}
	defer func() { skipHook, precheck = nil, true }()

	with := analyzeAll(t, pkgs)
	precheck = false
	without := analyzeAll(t, pkgs)

	if len(skipped) == 0 {
		t.Fatal("the pre-check skipped no package: the test shows nothing")
	}
	// Packages the pre-check must skip, for rules that an earlier version
	// lacked: they call interface methods while a direct import has facts,
	// none on a method of a name they call or none that says more than
	// "its results' methods do nothing"; a YAML parser returns a struct
	// whose func fields it fills with its own code.
	for _, path := range []string{"k8s.io/apimachinery/pkg/watch", "github.com/json-iterator/go", "go.yaml.in/yaml/v3"} {
		if !slices.Contains(skipped, path) {
			t.Errorf("the pre-check did not skip %s", path)
		}
	}
	if !slices.Equal(with, without) {
		t.Errorf("the pre-check changed the results:\nwith:\n%s\nwithout:\n%s", strings.Join(with, "\n"), strings.Join(without, "\n"))
	}
	t.Logf("%d packages skipped; %d facts and results compared", len(skipped), len(with))
	t.Logf("SKIPPED %s", strings.Join(skipped, " "))
}

// analyzeAll runs the engine on pkgs and its dependencies and lists every
// fact, entry effect and binding, sorted.
func analyzeAll(t *testing.T, pkgs []*packages.Package) []string {
	graph, err := checker.Analyze([]*analysis.Analyzer{Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for act := range graph.All() {
		for _, f := range act.AllObjectFacts() {
			if f.Object.Pkg() == act.Package.Types {
				out = append(out, fmt.Sprintf("fact %s: %v", f.Object, f.Fact))
			}
		}
		if act.IsRoot {
			result := act.Result.(*Result)
			for _, e := range result.Entries {
				for _, eff := range e.Effects {
					out = append(out, fmt.Sprintf("entry %s: %s", e.Name, eff.ChainString()))
				}
			}
			for _, b := range result.Bindings {
				out = append(out, fmt.Sprintf("binding %s: %s", b.Field, b.Effect.ChainString()))
			}
		}
	}
	slices.Sort(out)
	return out
}
