package finalizerleak_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/finalizerleak"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestFinalizerLeak(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(t), finalizerleak.Analyzer, "example.com/leaks/...")
}
