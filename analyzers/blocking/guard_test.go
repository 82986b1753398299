package blocking

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestPanicContained makes the engine panic on one function: the panic
// becomes a diagnostic that names it, and the rest of the package is
// analyzed.
func TestPanicContained(t *testing.T) {
	panicHook = func(what string) {
		if what == "boom.boom" {
			panic("test panic")
		}
	}
	defer func() { panicHook = nil }()
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, Analyzer, "example.com/boom")
}
