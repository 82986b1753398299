package statusloop_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"github.com/reconcilelint/reconcilelint/analyzers/statusloop"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestStatusLoop(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(t), statusloop.Analyzer, "example.com/loops")
}
