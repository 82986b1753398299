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
// The engine is one package; each part is a type or a group of files, named
// by its file prefix. The parts share one unit, the package under analysis,
// and call one another through the small interfaces declared next to the
// walker (callResolver, valueOrigins, siteRecorder), each part owning its
// memos:
//
//   - The run (blocking.go, unit.go, files.go, precheck.go) runs the parts
//     in order: unit.go holds unit, the read-only state every part shares
//     (the pass, the files, the SSA package, the model table, the
//     functions); files.go decides which files are the program (not tests);
//     precheck.go skips packages that cannot reach a sink.
//   - Entry points (entries*.go) say which functions a reconcile worker
//     calls: entries.go finds Reconcile methods and handlers,
//     entries_workers.go finds client-go workers by their workqueue.
//   - The summary walk (walker, in walk.go with the interfaces; walk_*.go)
//     scans each function for sinks, calls, receives and selects and records
//     each one's effects: walk_loops.go finds loops and their trip counts,
//     walk_await.go sees a receive wait on a goroutine's work, walk_waits.go
//     computes how long a modelled wait lasts (walk_retries.go, a
//     cenkalti/backoff retry by its BackOff), walk_bind.go decides the
//     requirements an entry leaves on its reconciler's fields where main
//     binds them.
//   - The solver (solve.go) computes the summaries bottom-up over the
//     strongly connected components of the call graph.
//   - Call resolution (resolver, in resolve.go; resolve_*.go) says where a
//     call through an interface or a func value goes: the dispatch itself,
//     deferred to callers through requirements (resolve_dispatch.go), the
//     implementations production code converts (resolve_interfaces.go),
//     what the methods of a function's interface results do
//     (resolve_results.go), what the module's packages convert to its
//     interfaces, exported as package facts for calls nothing else decides
//     (resolve_implemented.go), and the functions a package stores into a
//     func-valued field (resolve_fields.go).
//   - Value provenance (origins, in origin.go; origin_*.go) says where a
//     client, context, database handle or func value comes from: through
//     locals, fields, calls and facts (origin_eval.go), setters that replace
//     a field (origin_setters.go), factories and package variables
//     (origin_funcs.go), interface calls (origin_invoke.go), and database
//     drivers' read timeouts and SQL statements that carry their own
//     timeout (origin_drivers.go).
//   - The fact codec (fact*.go): fact.go defines Summary, Effect, Frame and
//     their limits; fact_codec.go exports the summaries as facts and expands
//     the chains read back from them.
//   - What code stores into struct fields (fieldconst.go: FieldConstants,
//     a package fact) bounds the loops that read them; branches that only
//     a library's functional option enables (options.go: the Guards and
//     Enables package facts) count only where the program sets it.
//   - Reporting (report*.go) places a finding where the fix goes, one per
//     place, and words the messages; report_elsewhere.go finds a fix site
//     in another package of the module in that package's source.
//   - Reliability: guard.go turns a panic into a diagnostic; ignore.go reads
//     suppression comments; names.go names functions in chains.
//
// Deletion tests and what a function returns, which the engine shares with
// the finalizer and result checks, are in analyzers/internal/ssaflow.
package blocking

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sync"

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
	FactTypes:  []analysis.Fact{(*Summary)(nil), (*FieldNeeds)(nil), (*Implementations)(nil), (*FieldConstants)(nil), (*Guards)(nil), (*Enables)(nil)},
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
		"also report clients and contexts whose origin is unknown and waits whose length is, marked as unproven")
	Analyzer.Flags.BoolVar(&includeTests, "tests", false,
		"also analyze _test.go files: entry points, bindings and implementations declared in tests")
	Analyzer.Flags.BoolVar(&assumeReconciliationTimeout, "assume-reconciliation-timeout", false,
		"assume every controller sets ReconciliationTimeout, so the reconcile ctx has a deadline")
}

// Strict is -strict: report also what the engine cannot prove (a client or
// ctx of unknown origin, a wait of unknown length), marked as unproven.
func Strict() bool { return strict }

// Result lists the entry points of the package, each with its effects.
type Result struct {
	Entries  []*Entry        // in source order
	Bindings []Binding       // values bound to reconciler fields that make them block
	Funcs    []*ssa.Function // every function of the package, closures included, in source order

	w         *walker
	calleesMu sync.Mutex // the checks run in parallel; Callees evaluates and memoizes
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
		converted = r.w.calls.convertedTypes()
	}
	return ssaflow.DeletionTestsConverting(fn, imported, converted)
}

// Callees says which functions a call through a func value or an interface
// may run, when the engine decides it the way it decides the call's
// effects: the value's provenance (a method value in a phase list, a
// closure, a function stored into a field of this package) or, for a
// method of an interface, the types the package converts to it. local are
// functions of this package; external, of others. ok is false when the
// engine cannot say, or when the call is a static one.
func (r *Result) Callees(call *ssa.CallCommon) (local []*ssa.Function, external []*types.Func, ok bool) {
	if r.w == nil || call.StaticCallee() != nil {
		return nil, nil, false
	}
	r.calleesMu.Lock()
	defer r.calleesMu.Unlock()
	add := func(fn *ssa.Function, obj *types.Func) bool {
		switch {
		case fn != nil:
			local = append(local, fn)
		case obj != nil:
			external = append(external, obj)
		default:
			return false
		}
		return true
	}
	p := r.w.values.eval(call.Value, nil, Dispatches)
	if p.Kind == Concrete {
		for _, alt := range p.flat() {
			if mc, isClosure := alt.val.(*ssa.MakeClosure); isClosure && !call.IsInvoke() {
				if _, method := boundMethod(mc); method != nil && method.Pkg() != r.w.pass.Pkg {
					external = append(external, method)
				} else if method != nil {
					local = append(local, r.w.pkg.Prog.FuncValue(method))
				} else {
					local = append(local, mc.Fn.(*ssa.Function))
				}
				continue
			}
			if alt.val == nil || alt.resultOf > 0 || !add(r.w.calls.target(alt.val, call.Method)) {
				return nil, nil, false // known from facts only
			}
		}
		return local, external, true
	}
	if !call.IsInvoke() {
		res, isResolver := r.w.calls.(*resolver)
		if !isResolver {
			return nil, nil, false
		}
		fns := res.fieldFuncs(call.Value)
		return fns, nil, len(fns) > 0
	}
	impls := r.w.calls.implementations(call)
	for _, m := range impls {
		if m.Pkg() != r.w.pass.Pkg {
			external = append(external, m)
		} else if fn := r.w.pkg.Prog.FuncValue(m); fn != nil {
			local = append(local, fn)
		}
	}
	return local, external, len(impls) > 0
}

func run(pass *analysis.Pass) (any, error) {
	// The standard library and the bounded packages are described by the
	// model table, not analyzed; a package without files has nothing.
	files := programFiles(pass)
	if model.IsStd(pass.Pkg.Path()) || len(files) == 0 || model.Default.BoundedPackage(model.PkgPath(pass.Pkg)) {
		return &Result{}, nil
	}
	// A package of defaults and options may have no sink, but what it
	// stores bounds the loops of others, and the options it sets decide
	// which of their branches run.
	fields := newFieldConstants(pass, files)
	fields.export()
	enabled := &enabledOptions{pass: pass, local: slices.Concat(enabledFields(pass, files), openFieldsSet(pass, files))}
	slices.Sort(enabled.local)
	enabled.local = slices.Compact(enabled.local)
	if len(enabled.local) > 0 {
		pass.ExportPackageFact(&Enables{Fields: enabled.local})
	}
	table := table()
	if !mayMatter(pass, table) {
		if skipHook != nil {
			skipHook(pass.Pkg.Path())
		}
		return &Result{}, nil // nothing here can reach a sink: skip building SSA
	}
	w := newWalker(pass, files, buildSSA(pass, files), table)
	w.fields, w.enabled = fields, enabled
	enabled.setInModule = func(name string) bool {
		// The module's own tree: a module kept under another
		// repository's testdata (the demo) is read whole.
		w.projectRoot() // sets moduleRoot when the driver names the module
		root := cmp.Or(w.unit.moduleRoot, moduleRootOf(packageDir(pass.Fset, pass.Pkg), pass.Pkg.Path(), w.module))
		return moduleSetsField(root, name)
	}
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
//
// Of the imports it creates only those whose package-level functions or
// variables the package uses: creating an import makes a function for every
// method of every type it declares (thousands in an API package that a
// controller imports for its types alone), and the builder needs the
// package only to name those members; methods are made on demand. The inits
// are built bare, without the calls of the imports' inits, which would need
// every import: a package's initialisation is no reconcile path.
func buildSSA(pass *analysis.Pass, files []*ast.File) *ssa.Package {
	prog := ssa.NewProgram(pass.Fset, ssa.BareInits)
	for _, p := range importsNamed(pass) {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, files, programInfo(pass, files), false)
	pkg.Build()
	return pkg
}

// importsNamed lists, in import order, the imported packages whose
// package-level functions or variables the package refers to.
func importsNamed(pass *analysis.Pass) []*types.Package {
	named := make(map[*types.Package]bool)
	for _, obj := range pass.TypesInfo.Uses {
		p := obj.Pkg()
		if p == nil || p == pass.Pkg || named[p] || obj.Parent() != p.Scope() {
			continue // a local, a field or a method: no member of the package
		}
		switch obj.(type) {
		case *types.Func, *types.Var:
			named[p] = true
		}
	}
	var imports []*types.Package
	for _, p := range pass.Pkg.Imports() {
		if named[p] {
			imports = append(imports, p)
		}
	}
	return imports
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
