package sleeploop_test

import (
	"path/filepath"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/sleeploop"
	"golang.org/x/tools/go/analysis/analysistest"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestSleeploop(t *testing.T) {
	if err := blocking.Analyzer.Flags.Set("entries", "(*example.com/entries.Controller).syncHandler"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), sleeploop.Analyzer, "example.com/entries", "example.com/waits", "example.com/cross/...")
}
