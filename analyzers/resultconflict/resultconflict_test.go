package resultconflict_test

import (
	"path/filepath"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"github.com/reconcilelint/reconcilelint/analyzers/resultconflict"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestResultConflict(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(t), resultconflict.Analyzer, "example.com/conflicts")
}

// TestDeprecation runs on modules, the only fixtures where the analyzer
// sees a required controller-runtime version (pass.Module is nil in
// GOPATH mode, where the check says nothing about deprecation): v0.21.0
// deprecates Requeue: true, v0.20.4 does not.
func TestDeprecation(t *testing.T) {
	analysistest.Run(t, filepath.Join(fixtures.Dir(t), "mod", "cr021"), resultconflict.Analyzer, "./...")
	analysistest.Run(t, filepath.Join(fixtures.Dir(t), "mod", "cr020"), resultconflict.Analyzer, "./...")
}

// TestSuggestedFix checks the fix against fix.go.golden.
func TestSuggestedFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, filepath.Join(fixtures.Dir(t), "mod", "cr021"), resultconflict.Analyzer, "./fix")
}
