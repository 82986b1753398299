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
	"go/ast"
	"go/token"
	"go/types"
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
			if eff.InLoop == pass && !seen[eff.PlaceKey()] && worth(eff) {
				seen[eff.PlaceKey()] = true
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
	// Also holds the chains from the other entry points that reach the same
	// sink through the same place, shortest first: one finding per place.
	Also []Effect
	// BindingAt is where Binding is bound, when the finding sits elsewhere:
	// at the call the bound value reaches, where the fix goes.
	BindingAt string
}

// Findings lists what check should report in this package, one finding per
// place and sink, in a deterministic order: the effects each entry point
// reaches (see Entry.Findings) and the bindings that make an entry block.
func (r *Result) Findings(check string, worth func(Effect) bool) []Finding {
	accept := func(e Effect) bool { return e.Check == check && worth(e) }
	var found []Finding
	for _, entry := range r.Entries {
		for _, e := range entry.Findings(accept) {
			// A finding sits where the fix goes: where this package made
			// the unbounded value, else the call that bounds an operation
			// (fixSite), else the call of this package that leads to the
			// sink.
			f := Finding{Effect: e, Pos: cmp.Or(e.made, e.ReportPos()), InFinalizerBranch: entry.InFinalizerBranch(e)}
			if site, ok := f.fixSite(); ok {
				f.Pos = cmp.Or(r.w.posOf(site), f.Pos)
			}
			found = append(found, f)
		}
	}
	for _, b := range r.Bindings {
		if !accept(b.Effect) {
			continue
		}
		f := Finding{Effect: b.Effect, Pos: b.Pos, Binding: b.Field}
		if site, ok := f.fixSite(); ok {
			// The fix is at a call in this package that the bound value
			// reaches: report it there, and name the binding.
			if pos := r.w.posOf(site); pos.IsValid() {
				f.Pos, f.BindingAt = pos, r.w.posString(b.Pos)
			}
		}
		found = append(found, f)
	}
	return Merge(found)
}

// fixSite is the call where a bound goes for a finding whose unbounded
// value was made out of sight (the reconcile ctx, http.DefaultClient), as
// the chain shows it, and reports whether the chain shows one.
//
// For a default client, or a call made with no context at all, it is the
// call where the module leaves for the code that uses them: there a client
// with a Timeout, or a context, can be passed. For the reconcile ctx it is
// the call that names the operation: the last call the
// module makes into the package that then leaves the module (a database
// helper package, an SDK wrapper), or that call itself when the chain never
// changes package before it. Each such call is one fix (a context with a
// timeout for that operation), however many entry points reach it.
func (f Finding) fixSite() (Frame, bool) {
	if f.Check != "httptimeout" && f.Check != "ctxdeadline" || f.madeOutOfSight() == "" {
		return Frame{}, false
	}
	exit := slices.IndexFunc(f.Chain, func(fr Frame) bool { return fr.Exit })
	if exit < 0 {
		return Frame{}, false
	}
	if !slices.Contains(f.Notes, reconcileCtxNote) {
		// A default client, or a call with no context at all: the call
		// that leaves the module is the one to change.
		return f.Chain[exit], true
	}
	dir := frameDir(f.Chain[exit])
	i := exit
	for i > 0 && frameDir(f.Chain[i-1]) == dir {
		i--
	}
	if i == 0 {
		return f.Chain[exit], true
	}
	return f.Chain[i-1], true
}

// frameDir is the package directory of a frame's position, e.g. "sql" for
// "sql/client.go:42": frames of one package share it.
func frameDir(f Frame) string {
	dir, _, _ := strings.Cut(f.Pos, "/")
	return dir
}

// Merge keeps one finding per place and sink, the one with the shortest
// chain (the plainest, when one repeats the wait and one does not); the
// chains of the others go to its Also. A sink that several reconcilers reach
// is one bug, fixed in one place; so are waits of one kind reached through
// one call out of the package. A binding is one place whatever it leads to: a factory bound in main may reach dozens of sinks in an SDK, one fix
// (bound the value) for all. The order is that of the positions.
func Merge(found []Finding) []Finding {
	groups := make(map[string][]Finding)
	var keys []string
	for _, f := range found {
		// Different sinks of one name reported at one call (out of the
		// package) would print the same line twice.
		k := fmt.Sprint(f.Pos, " ", f.Sink)
		switch {
		case f.Binding != "":
			k = fmt.Sprint(f.Pos, " binding ", f.Binding)
			if site, ok := f.fixSite(); ok {
				// One binding may reach several places to fix.
				k += " at " + site.Pos
			}
		case f.madeAt() != "":
			// A value made without a bound, in a place the notes name, is
			// one fix however many calls use it: one finding, at the first
			// of them, that counts the others.
			k = fmt.Sprint(f.Check, " made at ", f.madeAt())
		}
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], f)
	}
	merged := make([]Finding, 0, len(keys))
	for _, k := range keys {
		group := groups[k]
		slices.SortStableFunc(group, func(a, b Finding) int {
			switch {
			case a.madeAt() != "" && a.Pos != b.Pos:
				return cmp.Compare(a.Pos, b.Pos) // the first call that uses the value
			case a.InLoop != b.InLoop:
				return cmp.Compare(boolRank(a.InLoop), boolRank(b.InLoop))
			case shorter(a.Effect, b.Effect):
				return -1
			case shorter(b.Effect, a.Effect):
				return 1
			}
			return 0
		})
		first := group[0]
		for _, other := range group[1:] {
			if other.ChainString() != first.ChainString() && !slices.ContainsFunc(first.Also, func(e Effect) bool { return e.ChainString() == other.ChainString() }) {
				first.Also = append(first.Also, other.Effect)
			}
		}
		merged = append(merged, first)
	}
	slices.SortStableFunc(merged, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Pos, b.Pos), strings.Compare(a.SinkKey(), b.SinkKey()))
	})
	return merged
}

// madeAt names where the values that leave f unbounded were made, when
// the notes say (a client literal, a context.Background() call), or, for
// values made out of sight, the entry point that uses them; else "".
// A client made without a timeout is fixed in one place however many
// requests, each with its own context, go through it: it alone names the
// place then.
func (f Finding) madeAt() string {
	var placed []string
	for _, n := range f.Notes {
		if !strings.HasSuffix(n, ")") || !strings.Contains(n, ".go:") {
			continue
		}
		if strings.Contains(strings.ToLower(n), "timeout") {
			return n
		}
		placed = append(placed, n)
	}
	if len(placed) == 0 {
		if out := f.madeOutOfSight(); out != "" {
			// Values made out of sight (the reconcile ctx,
			// http.DefaultClient): one finding per place to fix, else one
			// per entry point, bounded once where the entry starts.
			if site, ok := f.fixSite(); ok {
				// One finding per call to fix, whatever values the
				// calls below it lack.
				return "at " + site.Pos
			}
			return "in " + f.Chain[0].Func + ": " + out
		}
	}
	return strings.Join(placed, " and ")
}

// madeOutOfSight is the notes of an httptimeout or ctxdeadline finding
// whose values have no place of their own (the reconcile ctx, a default
// client), else "".
func (f Finding) madeOutOfSight() string {
	if f.Check != "httptimeout" && f.Check != "ctxdeadline" {
		return ""
	}
	for _, n := range f.Notes {
		if strings.HasSuffix(n, ")") && strings.Contains(n, ".go:") {
			return ""
		}
	}
	return strings.Join(f.Notes, " and ")
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// OmitRelated keeps the other entry points' chains out of diagnostics, for
// drivers that would print each piece of related information as a finding
// of its own (golangci-lint does). The count stays in the message.
var OmitRelated bool

// Diagnostic is the check's diagnostic for f: the message, then how many
// other entry points reach the same place, whose chains become related
// information (the JSON's related, SARIF's further code flows).
func (f Finding) Diagnostic(category, message string) analysis.Diagnostic {
	d := analysis.Diagnostic{Pos: f.Pos, Category: category, Message: message}
	// Other entry points that reach the same sink, and other sinks (a
	// binding's finding stands for all it leads to).
	others := map[string]bool{}
	sinks := 0
	_, atSite := f.fixSite()
	for _, e := range f.Also {
		switch {
		case e.SinkKey() != f.SinkKey(), !atSite && f.madeAt() != "" && e.ReportPos() != f.Effect.ReportPos():
			sinks++
		case e.Chain[0].Func != f.Chain[0].Func:
			others[e.Chain[0].Func] = true
		}
	}
	entries := len(others)
	if entries > 0 {
		d.Message += fmt.Sprintf(" (also reached from %d other entry point%s)", entries, plural(entries))
	}
	if sinks > 0 {
		through := "this call"
		switch {
		case f.Binding != "" && !atSite:
			through = "this value"
		case atSite:
		case f.madeAt() != "":
			through = "the same value"
		}
		d.Message += fmt.Sprintf(" (and %d other blocking call%s through %s)", sinks, plural(sinks), through)
	}
	for _, e := range f.Also {
		if OmitRelated {
			break
		}
		pos := e.Chain[0].pos
		if !pos.IsValid() {
			pos = f.Pos
		}
		what := "also reached: "
		if e.SinkKey() != f.SinkKey() {
			what = "also blocks in " + e.Sink + ": "
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: what + e.ChainString()})
	}
	return d
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
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
		here := "here"
		if f.BindingAt != "" {
			here = "at " + f.BindingAt
		}
		return fmt.Sprintf("%s%s can block the reconcile worker forever: the value bound to %s %s leaves it unbounded (%s): %s; %s",
			prefix, f.Sink, f.Binding, here, why, f.ChainString(), fix)
	}
	where := ""
	if f.InFinalizerBranch {
		where = " in the finalizer branch"
	}
	return fmt.Sprintf("%s%s can block the reconcile worker forever%s: nothing bounds it (%s): %s; %s",
		prefix, f.Sink, where, why, f.ChainString(), fix)
}
