package httptimeout_test

import (
	"path/filepath"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/httptimeout"
	"golang.org/x/tools/go/analysis/analysistest"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestHTTPTimeout(t *testing.T) {
	analysistest.Run(t, testdata(t), httptimeout.Analyzer, "example.com/httpx/controllers", "example.com/httpx/cmd")
}

// TestSuggestedFix checks the fix against local.go.golden, which gofmt accepts.
func TestSuggestedFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), httptimeout.Analyzer, "example.com/httpx/local")
}
