package blocking_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestProgramPackages: with -packages naming the packages production code
// imports, a package not in the list (one only test files import) exports no
// fact, and one in the list exports its summaries as before.
func TestProgramPackages(t *testing.T) {
	list := filepath.Join(t.TempDir(), "packages.txt")
	if err := os.WriteFile(list, []byte("time\nexample.com/testonly/prod\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := blocking.Analyzer.Flags.Set("packages", list); err != nil {
		t.Fatal(err)
	}
	defer blocking.Analyzer.Flags.Set("packages", "")
	analysistest.Run(t, fixtures.Dir(t), blocking.Analyzer, "example.com/testonly/...")
}
