package finalizerrequeue_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/finalizerrequeue"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestFinalizerRequeue(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(t), finalizerrequeue.Analyzer, "example.com/finalizers/...", "example.com/aliasonly")
}
