// Package sleeploop reports waits on a reconcile path: time.Sleep, timer and
// ticker receives, wait.Poll* and wait.Until* loops, and retries with a
// backoff (client-go's retry, cenkalti/backoff), reached from a Reconcile,
// a reconcile.Func or a Finalize.
package sleeploop

import (
	"fmt"
	"slices"
	"time"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"golang.org/x/tools/go/analysis"
)

const Doc = `report waits that hold a reconcile worker

A Reconcile that sleeps, polls or retries with a long backoff holds one of the
controller's few workers (MaxConcurrentReconciles is 1 by default) for the
whole wait: the queue backs up and objects stay Pending or Terminating. The
check follows calls across packages from every entry point and reports each
wait it reaches, with the chain of calls and the bound when it is known.
Bounded waits whose total (a loop's trip count and a retry's backoff
included) is below -min-duration, 10s by default, are not reported; waits in
a loop that waits for a condition, polls whatever their limit and waits with
no limit always are, and a wait of a length the engine cannot compute only
with -blocking.strict, marked "possibly (-strict)". A counted loop's count
comes from its guard: a constant, a field the program stores constants into
(a library's defaults, the API's), or what the callers pass; a loop that
ends at a deadline set before it (time.Now().Before(deadline),
time.Since(start) < d) waits that deadline in all. A library's
wait that only an option turns on (gRPC's WithBlock) counts only in a
program that sets the option. The short waits one loop repeats (its own
sleep, a retry in a call of its body) are one finding, at the loop's own
wait: a counted loop's total is their sum, and a condition loop's other
waits are the finding's places. The fix is to return
ctrl.Result{RequeueAfter: d} and check again on the next reconcile.`

const name = "sleeploop"

var Analyzer = &analysis.Analyzer{
	Name:     name,
	Doc:      Doc,
	URL:      "https://github.com/reconcilelint/reconcilelint#sleeploop",
	Requires: []*analysis.Analyzer{blocking.Analyzer},
	Run:      blocking.SafeRun(run),
}

// DefaultMinDuration is -min-duration's default: a bounded wait shorter in
// all than this is not worth a finding. Reviewers of real operators let a
// retry of a few seconds after a failed write pass (it holds the worker no
// longer than a slow API call) and called the waits of 10s or more bugs.
const DefaultMinDuration = 10 * time.Second

var minDuration = DefaultMinDuration

func init() {
	Analyzer.Flags.Var(durationFlag{&minDuration}, "min-duration",
		"report bounded waits only from this total up; waits in condition loops or with no limit are always reported")
}

func run(pass *analysis.Pass) (any, error) {
	result := pass.ResultOf[blocking.Analyzer].(*blocking.Result)
	found := result.Findings(name, worthReporting)
	for i, f := range found {
		found[i].Also = slices.DeleteFunc(f.Also, func(e blocking.Effect) bool { return shortInner(f, e) })
	}
	for _, f := range foldIntoLoops(found) {
		where := ""
		switch {
		case f.Binding != "" && f.BindingAt != "":
			where = " through the value bound to " + f.Binding + " at " + f.BindingAt
		case f.Binding != "":
			where = " through the value bound to " + f.Binding + " here"
		case f.InFinalizerBranch:
			where = " in the finalizer branch"
		}
		prefix := ""
		if unproven(f.Effect) {
			prefix = "possibly (-strict): "
		}
		pass.Report(f.Diagnostic(name, fmt.Sprintf(
			"%s%s blocks the reconcile worker%s (%s): %s; return ctrl.Result{RequeueAfter: ...} and check again on the next reconcile instead of waiting",
			prefix, f.Sink, where, f.Describe(), f.ChainString())))
	}
	return nil, nil
}

// worthReporting keeps what the code proves holds the worker: a wait with
// no limit, one that a condition loop repeats, a poll for external state
// whatever its limit (a deadline set from a variable), or a bounded wait
// from -min-duration up. A single wait whose length the engine cannot
// compute (a sleep of a variable's duration, a library's retry policy out
// of sight) is no proof: it is reported only with -strict, marked as
// unproven.
func worthReporting(e blocking.Effect) bool {
	w := e.Wait
	switch {
	case e.InLoop || w.Unbounded || w.Unknown && w.Polls():
		return true
	case w.Unknown:
		return blocking.Strict()
	}
	return w.Total >= minDuration
}

// shortInner reports whether e, another wait that f's place reaches, is
// short on its own (the loop that repeats it is f's): it counts into the
// loop's total, which the finding states, and is not a place of its own
// (a 3s retry inside a loop that waits for pods).
func shortInner(f blocking.Finding, e blocking.Effect) bool {
	if e.SinkKey() == f.SinkKey() {
		return false // the same wait through another call or entry
	}
	w := e.Wait
	if w.Unbounded || w.Polls() {
		return false
	}
	if w.Turn > 0 && e.DecidedAt != "" && e.DecidedAt == f.DecidedAt {
		// The finding's loop repeats it: what counts is one turn's wait
		// (a 3s retry inside a pod-restart loop), not the loop's total.
		return w.Turn < minDuration
	}
	return w.Unknown || w.Total < minDuration
}

// foldIntoLoops keeps one finding per loop for the short waits the loop
// repeats: the loop is the fix. The finding that stays is the loop's own
// wait (one its body makes directly) if it has one, else the longest turn.
// A short wait that a counted loop repeats (a 3s retry inside a call the
// loop repeats) counts into its total, which becomes the sum, and is no
// finding, or place, of its own; under a loop that ends at a deadline, the
// deadline is the total of them all. One that a condition loop repeats
// (three sleeps on the branches of one retry loop) is a place of the
// loop's finding: the same fix cures it. Waits that are long on their own
// stay findings: each is a fix of its own.
func foldIntoLoops(found []blocking.Finding) []blocking.Finding {
	lead := make(map[string]int) // DecidedLoop -> index in found
	for i, f := range found {
		if f.Binding != "" || f.DecidedLoop == "" || !ownWait(f) && !shortTurn(f) {
			continue
		}
		if j, ok := lead[f.DecidedLoop]; !ok || leads(f, found[j]) {
			lead[f.DecidedLoop] = i
		}
	}
	folded := func(i int, f blocking.Finding) (int, bool) {
		j, ok := lead[f.DecidedLoop]
		return j, f.DecidedLoop != "" && ok && j != i && shortTurn(f)
	}
	kept := make([]blocking.Finding, 0, len(found))
	into := make(map[int]int) // index in found of a lead -> its index in kept
	for i, f := range found {
		if _, ok := folded(i, f); !ok {
			into[i] = len(kept)
			kept = append(kept, f)
		}
	}
	for i, f := range found {
		j, ok := folded(i, f)
		if !ok {
			continue
		}
		l := &kept[into[j]]
		switch {
		case f.InLoop:
			l.Also = append(l.Also, f.Effect)
			l.LoopPlaces = true
		case l.Wait.Unknown || l.Wait.Unbounded || l.Wait.Capped:
			// A deadline ends the loop: it bounds all its waits together.
		case l.InLoop:
			l.Wait.Total += f.Wait.Turn // one turn of the condition loop
		default:
			l.Wait.Total += f.Wait.Total
			l.Wait.Turn += f.Wait.Turn
		}
	}
	return kept
}

// shortTurn: f's wait is known and short in one turn of the loop that
// repeats it: a counted loop, or one that ends at a deadline, makes it long
// only by repeating it, and a condition loop repeats it with the loop's
// other waits.
func shortTurn(f blocking.Finding) bool {
	w := f.Wait
	if f.Binding != "" || f.DecidedLoop == "" || w.Unknown || w.Unbounded || w.Polls() {
		return false
	}
	if f.InLoop {
		return w.Total < minDuration // a condition loop does not multiply it
	}
	return w.Turn > 0 && w.Turn < minDuration
}

// leads reports whether f, rather than g, should stand for their loop: the
// loop's own wait (made in its body, not in a call) first, then the longer
// turn, then the earlier position.
func leads(f, g blocking.Finding) bool {
	if ownWait(f) != ownWait(g) {
		return ownWait(f)
	}
	if f.Wait.Turn != g.Wait.Turn {
		return f.Wait.Turn > g.Wait.Turn
	}
	return f.Pos < g.Pos
}

// ownWait: the loop's body waits itself (the sink is the call it repeats).
func ownWait(f blocking.Finding) bool {
	return len(f.Chain) > 0 && f.Chain[len(f.Chain)-1].Pos == f.DecidedAt
}

// unproven: a wait reported only because of -strict.
func unproven(e blocking.Effect) bool {
	return e.Unproven || e.Wait.Unknown && !e.InLoop && !e.Wait.Unbounded && !e.Wait.Polls()
}

// durationFlag is a time.Duration flag that refuses negative values.
type durationFlag struct{ d *time.Duration }

func (f durationFlag) String() string {
	if f.d == nil {
		return ""
	}
	return f.d.String()
}

func (f durationFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	if d < 0 {
		return fmt.Errorf("negative duration %v", d)
	}
	*f.d = d
	return nil
}
