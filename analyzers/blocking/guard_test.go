package blocking

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
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
	analysistest.Run(t, fixtures.Dir(t), Analyzer, "example.com/boom")
}
