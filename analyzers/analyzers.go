// Package analyzers holds the one list of reconcilelint's analyzers that
// every driver (the CLI, go vet -vettool, the golangci-lint plugin) runs.
package analyzers

import (
	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/ctxdeadline"
	"github.com/reconcilelint/reconcilelint/analyzers/finalizerleak"
	"github.com/reconcilelint/reconcilelint/analyzers/finalizerrequeue"
	"github.com/reconcilelint/reconcilelint/analyzers/httptimeout"
	"github.com/reconcilelint/reconcilelint/analyzers/resultconflict"
	"github.com/reconcilelint/reconcilelint/analyzers/sleeploop"
	"github.com/reconcilelint/reconcilelint/analyzers/statusloop"
	"golang.org/x/tools/go/analysis"
)

// All returns every analyzer: the engine first, then the checks.
func All() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		blocking.Analyzer,
		sleeploop.Analyzer,
		finalizerrequeue.Analyzer,
		finalizerleak.Analyzer,
		httptimeout.Analyzer,
		ctxdeadline.Analyzer,
		resultconflict.Analyzer,
		statusloop.Analyzer,
	}
}
