// Package blocking is the engine that the reconcilelint checks share.
//
// For every function of the package under analysis (closures included) it
// computes a summary: the blocking effects a call to the function may reach,
// each with the shortest chain of calls down to the sink. Summaries of
// functions in the same package come from a fixpoint over the strongly
// connected components of the package's call graph; summaries of functions in
// other packages come from the object facts this analyzer exported when it
// analyzed them; the standard library and well-known Kubernetes APIs come from
// the model table. The analyzer reports no findings of its own: the checks
// read its Result and report the effects reachable from each entry point.
package blocking

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

var Analyzer = &analysis.Analyzer{
	Name: "blocking",
	Doc: `compute what each function may wait on, for the reconcilelint checks

The blocking analyzer finds the reconcile entry points of a package and
summarises, for every function, the waits it may reach and the chain of calls
that leads there. It exports the summaries as facts for the packages that
import this one. It reports nothing itself; sleeploop and the other checks do.`,
	URL:        "https://github.com/reconcilelint/reconcilelint#how-it-works",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{(*Summary)(nil), (*FieldNeeds)(nil)},
}

// Flags, shared by every package of a run.
var (
	extraEntries funcNames
	extraSinks   funcNames // user-declared functions that wait
	extraBounded funcNames // user-declared functions that return in bounded time
	strict       bool
	// assumeReconciliationTimeout: the controllers set ReconciliationTimeout
	// where this package cannot see it.
	assumeReconciliationTimeout bool
)

func init() {
	Analyzer.Flags.Var(&extraEntries, "entries",
		"comma-separated full names of extra entry points, e.g. '(*example.com/ctl.Controller).syncHandler'")
	Analyzer.Flags.Var(&extraSinks, "sinks",
		"comma-separated full names of functions that wait with no limit, reported by sleeploop")
	Analyzer.Flags.Var(&extraBounded, "bounded",
		"comma-separated full names of functions that return in bounded time: the walk does not look inside")
	Analyzer.Flags.BoolVar(&strict, "strict", false,
		"also report clients and contexts whose origin is unknown, marked as unproven")
	Analyzer.Flags.BoolVar(&assumeReconciliationTimeout, "assume-reconciliation-timeout", false,
		"assume every controller sets ReconciliationTimeout, so the reconcile ctx has a deadline")
}

// Result lists the entry points of the package, each with its effects.
type Result struct {
	Entries  []*Entry        // in source order
	Bindings []Binding       // values bound to reconciler fields that make them block
	Funcs    []*ssa.Function // every function of the package, closures included, in source order

	w *walker
}

// Frame returns the chain frame for a position in fn, a function of Funcs.
func (r *Result) Frame(fn *ssa.Function, pos token.Pos) Frame {
	return Frame{Func: displayName(fn), Pos: r.w.posString(pos), pos: pos}
}

// Entry is one function that a reconcile worker calls.
type Entry struct {
	Func    *ssa.Function
	Name    string // as it appears in chains
	Kind    string // why it is an entry, e.g. "Reconcile method"
	Effects []Effect

	deleting map[token.Pos]bool // positions of the instructions in the deletion region
}

// InFinalizerBranch reports whether the entry reaches e from code that runs
// only while the object is being deleted.
func (e *Entry) InFinalizerBranch(eff Effect) bool {
	return e.deleting[eff.Chain[0].pos]
}

func run(pass *analysis.Pass) (any, error) {
	// The standard library is described by the model table, not analyzed.
	if model.IsStd(pass.Pkg.Path()) {
		return &Result{}, nil
	}
	w := newWalker(pass, buildSSA(pass))
	w.scanAll()
	w.guard("the call graph of "+pass.Pkg.Path(), pass.Files[0].Package, w.solve)
	w.exportFacts()
	entries, needs := w.entries()
	result := &Result{Entries: entries, Bindings: w.bindings(needs), w: w}
	for _, fi := range w.funcs {
		result.Funcs = append(result.Funcs, fi.fn)
	}
	return result, nil
}

// table is the model table with the user's entries from the flags.
func table() *model.Table {
	if len(extraSinks) == 0 && len(extraBounded) == 0 {
		return model.Default
	}
	funcs := slices.Clone(model.Funcs)
	for _, name := range extraSinks {
		funcs = append(funcs, model.Func{Name: name, Kind: model.Sink, Check: "sleeploop", Unbounded: true,
			Reason: "named by -blocking.sinks"})
	}
	for _, name := range extraBounded {
		funcs = append(funcs, model.Func{Name: name, Kind: model.Bounded, Reason: "named by -blocking.bounded"})
	}
	return model.NewTable(funcs)
}

// buildSSA builds the package's SSA form. The engine builds it itself rather
// than requiring buildssa so that packages it skips cost nothing.
func buildSSA(pass *analysis.Pass) *ssa.Package {
	prog := ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
	return pkg
}

// guard runs f, turning a panic into a diagnostic that names what was being
// analyzed, so that one bug does not stop the rest of the run.
func (w *walker) guard(what string, pos token.Pos, f func()) {
	defer func() {
		if r := recover(); r != nil {
			w.pass.Report(analysis.Diagnostic{
				Pos:      pos,
				Category: "internal-error",
				Message: fmt.Sprintf("reconcilelint internal error while analyzing %s: %v; "+
					"please report this bug at https://github.com/reconcilelint/reconcilelint/issues", what, r),
			})
		}
	}()
	f()
}

func (w *walker) exportFacts() {
	for _, fi := range w.funcs {
		obj := fi.object()
		if obj == nil {
			continue
		}
		summary := &Summary{Effects: fi.summary.sorted()}
		if obj.Exported() {
			summary.Results = w.resultValues(fi.fn)
		}
		if len(summary.Effects) > 0 || len(summary.Results) > 0 {
			w.pass.ExportObjectFact(obj, summary)
		}
	}
}

// entries lists the entry points with the effects they reach, and the
// requirements they leave on fields of their receivers, which it also
// exports as facts for the packages that bind those fields.
func (w *walker) entries() ([]*Entry, map[*types.Var][]Effect) {
	var entries []*Entry
	needs := make(map[*types.Var][]Effect)
	for _, fi := range w.funcs {
		kind := w.entryKind(fi.fn)
		if kind == "" {
			continue
		}
		var effects []Effect
		for _, e := range fi.summary.sorted() {
			decided, field, ok := w.atEntry(fi.fn, e)
			switch {
			case ok:
				effects = append(effects, decided)
			case field != nil:
				needs[field] = append(needs[field], decided)
			}
		}
		deleting := make(map[token.Pos]bool)
		for b := range DeletionRegion(fi.fn) {
			for _, instr := range b.Instrs {
				deleting[instr.Pos()] = true
			}
		}
		entries = append(entries, &Entry{Func: fi.fn, Name: fi.name, Kind: kind, Effects: effects, deleting: deleting})
	}
	slices.SortStableFunc(entries, func(a, b *Entry) int { return int(a.Func.Pos() - b.Func.Pos()) })
	for field, effects := range needs {
		w.pass.ExportObjectFact(field, &FieldNeeds{Needs: effects})
	}
	return entries, needs
}

// Findings returns the effects of the entry that worth accepts, one per sink,
// in the order of the positions they are reported at. For each sink it keeps
// the witness that does not repeat the wait when worth accepts it, so that
// the chain shown is the plainest one, else the one in a loop.
func (e *Entry) Findings(worth func(Effect) bool) []Effect {
	var found []Effect
	seen := make(map[string]bool)
	for _, pass := range []bool{false, true} {
		for _, eff := range e.Effects {
			if eff.InLoop == pass && !seen[eff.SinkKey()] && worth(eff) {
				seen[eff.SinkKey()] = true
				found = append(found, eff)
			}
		}
	}
	slices.SortStableFunc(found, func(a, b Effect) int {
		return cmp.Or(cmp.Compare(a.ReportPos(), b.ReportPos()), strings.Compare(a.SinkKey(), b.SinkKey()))
	})
	return found
}

// Finding is one effect a check may report, and where.
type Finding struct {
	Effect
	Pos token.Pos
	// Binding names the reconciler field whose bound value makes the entry
	// block, when the finding is at the binding (in main, say).
	Binding string
	// InFinalizerBranch: the entry reaches the sink from code that runs only
	// while the object is being deleted.
	InFinalizerBranch bool
}

// Findings lists what check should report in this package, in a
// deterministic order: the effects each entry point reaches (see
// Entry.Findings) and the bindings that make an entry block.
func (r *Result) Findings(check string, worth func(Effect) bool) []Finding {
	accept := func(e Effect) bool { return e.Check == check && worth(e) }
	var found []Finding
	for _, entry := range r.Entries {
		for _, e := range entry.Findings(accept) {
			found = append(found, Finding{Effect: e, Pos: e.ReportPos(), InFinalizerBranch: entry.InFinalizerBranch(e)})
		}
	}
	seen := make(map[string]bool)
	for _, b := range r.Bindings {
		key := fmt.Sprint(b.Pos, b.Effect.SinkKey())
		if accept(b.Effect) && !seen[key] {
			seen[key] = true
			found = append(found, Finding{Effect: b.Effect, Pos: b.Pos, Binding: b.Field})
		}
	}
	return found
}

// UnboundedMessage is the message of httptimeout and ctxdeadline: what can
// wait forever, the origins of the values that leave it unbounded, the chain
// and the fix.
func UnboundedMessage(f Finding, fix string) string {
	prefix := ""
	if f.Unproven {
		prefix = "possibly (-strict): "
	}
	why := strings.Join(f.Notes, " and ")
	if f.Binding != "" {
		return fmt.Sprintf("%s%s can block the reconcile worker forever: the value bound to %s here leaves it unbounded (%s): %s; %s",
			prefix, f.Sink, f.Binding, why, f.ChainString(), fix)
	}
	where := ""
	if f.InFinalizerBranch {
		where = " in the finalizer branch"
	}
	return fmt.Sprintf("%s%s can block the reconcile worker forever%s: nothing bounds it (%s): %s; %s",
		prefix, f.Sink, where, why, f.ChainString(), fix)
}
