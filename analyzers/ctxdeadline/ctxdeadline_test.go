package ctxdeadline_test

import (
	"path/filepath"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/ctxdeadline"
	"golang.org/x/tools/go/analysis/analysistest"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestCtxDeadline(t *testing.T) {
	analysistest.Run(t, testdata(t), ctxdeadline.Analyzer, "example.com/ctxd/controllers", "example.com/ctxd/withtimeout")
}

func TestAssumeReconciliationTimeout(t *testing.T) {
	if err := blocking.Analyzer.Flags.Set("assume-reconciliation-timeout", "true"); err != nil {
		t.Fatal(err)
	}
	defer blocking.Analyzer.Flags.Set("assume-reconciliation-timeout", "false")
	analysistest.Run(t, testdata(t), ctxdeadline.Analyzer, "example.com/ctxd/assumed")
}
