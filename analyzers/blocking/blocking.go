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
//
// # Layout
//
// The engine is one package whose parts share the walker of one package's
// analysis; each part is a set of files:
//
//   - The run: blocking.go runs the parts in order and exports facts;
//     files.go decides which files are the program (not tests); precheck.go
//     skips packages that cannot reach a sink.
//   - Entry points: entries.go finds Reconcile methods and handlers;
//     workers.go finds client-go workers by their workqueue.
//   - The summary walk: walk.go scans each function for sinks, calls,
//     receives and selects, and solves summaries bottom-up over the call
//     graph; graph.go finds loops and their trip counts; await.go sees a
//     receive wait on a goroutine's work; values.go computes how long a
//     modelled wait lasts.
//   - Call resolution, where a call through an interface or a func value
//     goes: dispatch.go (the dispatch itself, deferred to callers through
//     requirements), interfaces.go (the implementations production code
//     converts), factories.go (func values, factories, package variables),
//     invokeresult.go (what an interface call returns).
//   - Value provenance, where a client, context, database handle or func
//     value comes from: provenance.go (eval, through locals, fields,
//     calls and facts), setters.go (setters that replace a field),
//     drivers.go (database drivers' read timeouts), binding.go (values
//     bound to a reconciler's fields, decided where they are bound).
//   - Facts: fact.go defines Summary, Effect, Frame and their limits.
//   - Reporting: report.go places findings where the fix goes, one per
//     place, and words the messages.
//   - Shared with the checks, in analyzers/internal/ssaflow: deletion tests
//     and what a function returns.
//   - Reliability: guard.go turns a panic into a diagnostic; ignore.go
//     reads suppression comments; names.go names functions in chains.
package blocking

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
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
	Run:        SafeRun(run),
	ResultType: resultType,
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
	Analyzer.Flags.BoolVar(&includeTests, "tests", false,
		"also analyze _test.go files: entry points, bindings and implementations declared in tests")
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

// DeletionTests is the package's DeletionTests, where a call of an
// interface method (res.IsBeingDeleted(), res an interface that wraps the
// object) is a deletion test too when every type the package converts to an
// interface and that implements this one has a method that is a deletion
// test of its receiver, all saying the same, and there is at least one:
// a method's name alone says nothing.
func (r *Result) DeletionTests(fn *ssa.Function, imported ssaflow.ImportedDeletionTest) []ssaflow.DeletionTest {
	var converted []types.Type
	if r.w != nil {
		converted = r.w.convertedTypes()
	}
	return ssaflow.DeletionTestsConverting(fn, imported, converted)
}

func run(pass *analysis.Pass) (any, error) {
	// The standard library and the bounded packages are described by the
	// model table, not analyzed; a package without files has nothing.
	files := programFiles(pass)
	if model.IsStd(pass.Pkg.Path()) || len(files) == 0 || model.Default.BoundedPackage(model.PkgPath(pass.Pkg)) {
		return &Result{}, nil
	}
	table := table()
	if !mayMatter(pass, table) {
		if skipHook != nil {
			skipHook(pass.Pkg.Path())
		}
		return &Result{}, nil // nothing here can reach a sink: skip building SSA
	}
	w := newWalker(pass, files, buildSSA(pass, files), table)
	w.scanAll()
	w.guard("the call graph of "+pass.Pkg.Path(), files[0].Package, w.solve)
	entries, needs := w.entries()
	result := &Result{Entries: entries, Bindings: w.bindings(needs), w: w}
	w.exportFacts()
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
func buildSSA(pass *analysis.Pass, files []*ast.File) *ssa.Package {
	prog := ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, files, programInfo(pass, files), false)
	pkg.Build()
	return pkg
}

func (w *walker) guard(what string, pos token.Pos, f func()) { Guard(w.pass, what, pos, f) }

// export is a function whose summary becomes a fact.
type export struct {
	obj     *types.Func
	effects []Effect
}

// exportFacts exports the summaries other packages can use: those of
// exported functions and of methods (which interfaces reach). A chain that
// goes on through another exported function of the package ends, in the
// fact, with a reference to that function's effect (see Via), so that facts
// do not repeat the same tails.
func (w *walker) exportFacts() {
	var exports []export
	shareable := make(map[string]export) // by display name
	for _, fi := range w.funcs {
		obj := fi.object()
		if obj == nil || !obj.Exported() && obj.Signature().Recv() == nil {
			continue
		}
		ex := export{obj, fi.summary.forFact()}
		exports = append(exports, ex)
		if viaOf(obj).Name != "" {
			shareable[fi.name] = ex
		}
	}
	for _, ex := range exports {
		summary := &Summary{Effects: make([]Effect, len(ex.effects)), Needs: w.paramNeeds[w.pkg.Prog.FuncValue(ex.obj)]}
		for i, e := range ex.effects {
			summary.Effects[i] = shareTail(e, shareable)
		}
		if ex.obj.Exported() {
			fn := w.pkg.Prog.FuncValue(ex.obj)
			summary.Results = w.resultValues(fn)
			summary.ResultMethods = w.resultMethodsOf(fn)
		}
		summary.Sets = w.exportedSets(w.pkg.Prog.FuncValue(ex.obj))
		if !summary.empty() {
			w.pass.ExportObjectFact(ex.obj, summary)
		}
	}
	w.exportVarFacts()
}

// exportVarFacts exports, on an exported package-level variable of func
// type, the summary of the one function the package stores into it: a
// default factory that main binds to a reconciler's field.
func (w *walker) exportVarFacts() {
	scope := w.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		v, ok := scope.Lookup(name).(*types.Var)
		if !ok || !v.Exported() {
			continue
		}
		if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
			continue
		}
		g, _ := w.pkg.Members[name].(*ssa.Global)
		if g == nil {
			continue
		}
		fn := w.storedFunc(g)
		fi := w.byFunc[fn]
		if fi == nil {
			continue
		}
		summary := &Summary{Effects: fi.summary.forFact(), Results: w.resultValues(fn), ResultMethods: w.resultMethodsOf(fn)}
		if !summary.empty() {
			w.pass.ExportObjectFact(v, summary)
		}
	}
}

// shareTail cuts e's chain at the first later frame whose function's own
// summary holds the rest of the chain, and refers to that effect instead.
func shareTail(e Effect, shareable map[string]export) Effect {
	if e.Elided > 0 {
		return e
	}
	for i := 1; i < len(e.Chain); i++ {
		ex, ok := shareable[e.Chain[i].Func]
		if !ok {
			continue
		}
		for k, other := range ex.effects {
			if other.Elided == 0 && other.Sink == e.Sink && slices.EqualFunc(other.Chain, e.Chain[i:], sameFrame) {
				e.Chain = slices.Clip(e.Chain[:i])
				e.Via = viaOf(ex.obj)
				e.Via.Index = k
				return e
			}
		}
	}
	return e
}

func sameFrame(a, b Frame) bool { return a.Func == b.Func && a.Pos == b.Pos }

// viaOf names fn for a Via, if other packages can find it by name in any
// driver: an exported function, or an exported method of an exported type.
func viaOf(fn *types.Func) Via {
	if !fn.Exported() {
		return Via{}
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return Via{Name: fn.Name()}
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || !named.Obj().Exported() || named.TypeParams().Len() > 0 {
		return Via{}
	}
	return Via{Recv: named.Obj().Name(), Name: fn.Name()}
}

// expand rebuilds the whole chain of an effect read from a fact of package
// pkg, following its Via references. It reports false if a reference cannot
// be read.
func (w *walker) expand(pkg *types.Package, e Effect) (Effect, bool) {
	for depth := 0; e.Via.Name != ""; depth++ {
		fn := lookupVia(pkg, e.Via)
		var summary Summary
		if depth > MaxChain || fn == nil || !w.pass.ImportObjectFact(fn, &summary) || e.Via.Index >= len(summary.Effects) {
			return e, false
		}
		tail := summary.Effects[e.Via.Index]
		e.Chain = append(slices.Clip(e.Chain), tail.Chain...)
		e.Elided += tail.Elided
		e.Via = tail.Via
	}
	return e.capped(), true
}

func lookupVia(pkg *types.Package, via Via) *types.Func {
	if via.Recv == "" {
		fn, _ := pkg.Scope().Lookup(via.Name).(*types.Func)
		return fn
	}
	tn, ok := pkg.Scope().Lookup(via.Recv).(*types.TypeName)
	if !ok {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, via.Name)
	fn, _ := obj.(*types.Func)
	return fn
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
		for b := range ssaflow.DeletionRegion(fi.fn) {
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
