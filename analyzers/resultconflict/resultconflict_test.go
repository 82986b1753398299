package resultconflict_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"github.com/reconcilelint/reconcilelint/analyzers/resultconflict"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestResultConflict(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(t), resultconflict.Analyzer, "example.com/conflicts")
}

// TestSuggestedFix checks the fix against fix.go.golden.
func TestSuggestedFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, fixtures.Dir(t), resultconflict.Analyzer, "example.com/conflicts/fix")
}
