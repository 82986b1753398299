package finalizerrequeue_test

import (
	"path/filepath"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/finalizerrequeue"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestFinalizerRequeue(t *testing.T) {
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, finalizerrequeue.Analyzer, "example.com/finalizers/...")
}
