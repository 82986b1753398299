// Package ctxdeadline reports I/O on a reconcile path that only its context
// bounds, when that context has no deadline.
package ctxdeadline

import (
	"go/token"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"golang.org/x/tools/go/analysis"
)

const Doc = `report I/O on a reconcile path under a context with no deadline

Some calls stop only when their context is done: exec.CommandContext(...).Run,
database/sql's ...Context methods, gRPC's Invoke and NewStream, a dial with
a context. On a reconcile path they hold the worker for as long as the peer
takes, if the context has no deadline: context.Background() or TODO()
(created on the path or inside an SDK), or the reconcile ctx itself, which has
no deadline unless the controller sets ReconciliationTimeout. The fix is to
pass the reconcile ctx, bounded with context.WithTimeout. What only the
reconcile ctx leaves unbounded is one finding per entry point, at its
declaration, with each operation as a place: one bound there cures them all.

A database handle whose driver times out reads (readTimeout in the DSN), or a
SQL statement made from a time.Duration (MASTER_GTID_WAIT(gtid, timeout),
GET_LOCK(name, timeout): the server ends it), is bounded whatever its context.`

const name = "ctxdeadline"

var Analyzer = &analysis.Analyzer{
	Name:     name,
	Doc:      Doc,
	URL:      "https://github.com/reconcilelint/reconcilelint#ctxdeadline",
	Requires: []*analysis.Analyzer{blocking.Analyzer},
	Run:      blocking.SafeRun(run),
}

const fix = "pass the reconcile ctx bounded with context.WithTimeout (ctx, cancel := context.WithTimeout(ctx, 30*time.Second); defer cancel())"

// entryFix is the fix when only the reconcile ctx leaves the calls
// unbounded: one bound for every operation of the entry.
const entryFix = "bound the reconcile ctx for the whole entry: set ReconciliationTimeout in the controller's options, or start Reconcile with ctx, cancel := context.WithTimeout(ctx, 30*time.Second); defer cancel()"

func run(pass *analysis.Pass) (any, error) {
	result := pass.ResultOf[blocking.Analyzer].(*blocking.Result)
	all := func(blocking.Effect) bool { return true }
	// Where httptimeout reports the same call (an exec stream whose HTTP
	// client and context are both unbounded), its finding is the one: one
	// finding per place across the checks.
	http := make(map[token.Pos]bool)
	for _, f := range result.Findings("httptimeout", all) {
		http[f.Pos] = true
		if f.UsedAt.IsValid() {
			http[f.UsedAt] = true // the call that uses a client made elsewhere
		}
	}
	for _, f := range result.Findings(name, all) {
		switch {
		case http[f.Pos]:
		case f.UnderReconcileCtx():
			pass.Report(f.Diagnostic(name, blocking.UnboundedMessage(f, entryFix)))
		default:
			pass.Report(f.Diagnostic(name, blocking.UnboundedMessage(f, fix)))
		}
	}
	return nil, nil
}
