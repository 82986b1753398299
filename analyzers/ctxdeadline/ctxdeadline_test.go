package ctxdeadline_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/ctxdeadline"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestCtxDeadline(t *testing.T) {
	fixtures.Across(t, fixtures.Dir(t), ctxdeadline.Analyzer, "example.com/ctxd/controllers", "example.com/ctxd/withtimeout", "example.com/ctxd/globaltimeouts/...", "example.com/ctxd/wrapped", "example.com/ctxd/dbwrap", "example.com/ctxd/dsn", "example.com/ctxd/dbstruct/...", "example.com/ctxd/wrappedctx", "example.com/chained/...", "example.com/callbacks", "example.com/resolve/awaitctx", "example.com/rta/...", "example.com/funcfield/...", "example.com/podexec/...")
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

// TestReconcileCtxPlaces: the calls that only the reconcile ctx leaves
// unbounded are one finding at Reconcile, the fix for all of them, and each
// call is one of its places; the calls under a Background() of their own
// are findings of their own.
func TestReconcileCtxPlaces(t *testing.T) {
	var rec fixtures.Recorder // TestCtxDeadline checks the want comments
	results := analysistest.Run(&rec, fixtures.Dir(t), ctxdeadline.Analyzer, "example.com/ctxd/wrapped", "example.com/ctxd/dbwrap")
	var at int
	var places []int
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if !strings.Contains(d.Message, "the reconcile ctx, which has no deadline") {
				continue
			}
			if at != 0 {
				t.Errorf("a second finding under the reconcile ctx: %s", d.Message)
			}
			at = r.Pass.Fset.Position(d.Pos).Line
			for _, rel := range d.Related {
				places = append(places, r.Pass.Fset.Position(rel.Pos).Line)
			}
		}
	}
	slices.Sort(places)
	if want := []int{26, 49, 50, 51, 52, 67}; at != 23 || !slices.Equal(places, want) {
		t.Errorf("want the finding at wrapped.go:23 (Reconcile) with places at lines %v, got line %d with places %v", want, at, places)
	}
}
