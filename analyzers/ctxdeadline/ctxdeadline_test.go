package ctxdeadline_test

import (
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/ctxdeadline"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestCtxDeadline(t *testing.T) {
	fixtures.Across(t, fixtures.Dir(t), ctxdeadline.Analyzer, "example.com/ctxd/controllers", "example.com/ctxd/withtimeout", "example.com/ctxd/wrapped", "example.com/ctxd/dbwrap", "example.com/ctxd/dsn", "example.com/ctxd/dbstruct/...", "example.com/ctxd/wrappedctx", "example.com/chained/...", "example.com/callbacks", "example.com/resolve/awaitctx", "example.com/rta/...")
}

func TestAssumeReconciliationTimeout(t *testing.T) {
	if err := blocking.Analyzer.Flags.Set("assume-reconciliation-timeout", "true"); err != nil {
		t.Fatal(err)
	}
	defer blocking.Analyzer.Flags.Set("assume-reconciliation-timeout", "false")
	analysistest.Run(t, fixtures.Dir(t), ctxdeadline.Analyzer, "example.com/ctxd/assumed")
}

// TestHTTPTimeoutWins: where httptimeout reports a call (the fixture's want
// comments are httptimeout's), ctxdeadline says nothing, though the same call
// also waits on a context without a deadline.
func TestHTTPTimeoutWins(t *testing.T) {
	var r fixtures.Recorder
	analysistest.Run(&r, fixtures.Dir(t), ctxdeadline.Analyzer, "example.com/resolve/controllers", "example.com/resolve/execsdk")
	for _, e := range r.Errors {
		if !strings.Contains(e, "no diagnostic was reported") {
			t.Error(e)
		}
	}
	if len(r.Errors) == 0 {
		t.Error("the fixture's httptimeout findings were expected to be missing from ctxdeadline's run")
	}
}
