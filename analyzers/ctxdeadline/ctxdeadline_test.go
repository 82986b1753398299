package ctxdeadline_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/ctxdeadline"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestCtxDeadline(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(t), ctxdeadline.Analyzer, "example.com/ctxd/controllers", "example.com/ctxd/withtimeout")
}

func TestAssumeReconciliationTimeout(t *testing.T) {
	if err := blocking.Analyzer.Flags.Set("assume-reconciliation-timeout", "true"); err != nil {
		t.Fatal(err)
	}
	defer blocking.Analyzer.Flags.Set("assume-reconciliation-timeout", "false")
	analysistest.Run(t, fixtures.Dir(t), ctxdeadline.Analyzer, "example.com/ctxd/assumed")
}
