package httptimeout_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/httptimeout"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestHTTPTimeout(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(t), httptimeout.Analyzer, "example.com/httpx/controllers", "example.com/httpx/cmd", "example.com/realhttp/...", "example.com/factories/...", "example.com/resolve/controllers")
}

// TestSuggestedFix checks the fix against local.go.golden, which gofmt accepts.
func TestSuggestedFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, fixtures.Dir(t), httptimeout.Analyzer, "example.com/httpx/local")
}

// TestStrict: a client of unknown origin is reported with -strict only.
func TestStrict(t *testing.T) {
	var quiet recorder
	analysistest.Run(&quiet, fixtures.Dir(t), httptimeout.Analyzer, "example.com/httpx/strict")
	if len(quiet.errors) != 1 || !strings.Contains(quiet.errors[0], "no diagnostic was reported") {
		t.Errorf("without -strict: want only the missing strict finding, got %q", quiet.errors)
	}

	if err := blocking.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	defer blocking.Analyzer.Flags.Set("strict", "false")
	analysistest.Run(t, fixtures.Dir(t), httptimeout.Analyzer, "example.com/httpx/strict")
}

// recorder collects what analysistest would report as test failures.
type recorder struct{ errors []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
