package finalizerrequeue_test

import (
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/finalizerrequeue"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestFinalizerRequeue(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(t), finalizerrequeue.Analyzer, "example.com/finalizers/...", "example.com/aliasonly")
}

// TestStrict: a reconciler that may own the finalizer only through a call
// the engine cannot decide is reported with -strict only, marked unproven.
func TestStrict(t *testing.T) {
	var quiet fixtures.Recorder
	analysistest.Run(&quiet, fixtures.Dir(t), finalizerrequeue.Analyzer, "example.com/finalizerstrict")
	if len(quiet.Errors) != 1 || !strings.Contains(quiet.Errors[0], "no diagnostic was reported") {
		t.Errorf("without -strict: want only the missing strict finding, got %q", quiet.Errors)
	}

	if err := blocking.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	defer blocking.Analyzer.Flags.Set("strict", "false")
	analysistest.Run(t, fixtures.Dir(t), finalizerrequeue.Analyzer, "example.com/finalizerstrict")
}
