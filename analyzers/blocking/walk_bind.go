package blocking

import (
	"cmp"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// FieldNeeds is the object fact on a struct field of a reconciler: the
// effects that happen if the value bound to the field lacks a property. The
// controller package cannot see how main builds its SDK client; main sees the
// binding, imports this fact and decides there.
type FieldNeeds struct {
	Needs []Effect // each with one requirement, whose Path starts below the field
}

func (*FieldNeeds) AFact() {}

func (f *FieldNeeds) String() string {
	var parts []string
	for _, e := range f.Needs {
		parts = append(parts, e.Sink+" via "+e.ChainString()+" if "+e.Requires[0].String())
	}
	return "needs(" + strings.Join(parts, "; ") + ")"
}

// Binding is a finding at the place a value is bound to a reconciler's field.
type Binding struct {
	Pos    token.Pos
	Field  string // e.g. "controller.BucketReconciler.Cloud"
	Effect Effect // the effect, with the bound value's origin in its notes
	// built: the value that decided is what a method of the bound value
	// returns (a registry's GetOrCreate): the binding chose the
	// implementation, which builds the client.
	built bool
}

// reconcileCtxNote is the origin of the ctx a reconcile worker passes.
const reconcileCtxNote = "the reconcile ctx, which has no deadline"

// atEntry decides the requirements an entry point leaves: the ctx the
// worker passes has no deadline unless ReconciliationTimeout is set; a field
// of the receiver is decided where it is bound. It reports the decided
// effect, or the field requirement to export, or neither.
func (w *walker) atEntry(fn *ssa.Function, e Effect) (Effect, *types.Var, bool) {
	if r := e.DeadlineFrom; r != nil {
		// A wait until the worker's ctx is done.
		p := Prov{Kind: Unknown}
		if !r.Free && r.Param < len(fn.Params) && len(r.Path) == 0 && isContext(fn.Params[r.Param].Type()) && w.reconcileDeadline() {
			p = Prov{Kind: Has}
		}
		if !w.boundByDeadline(&e, p) {
			return e, nil, false
		}
	}
	// The worker's ctx goes to a dispatched call as it goes anywhere; a
	// value from another field of the reconciler (a client its factory
	// field made) is decided where main binds the field the need is on.
	e.decideArgs(func(r Requirement) Prov {
		if !r.Free && r.Param < len(fn.Params) && len(r.Path) == 0 && r.Prop == HasDeadline && isContext(fn.Params[r.Param].Type()) {
			if w.reconcileDeadline() {
				return Prov{Kind: Has}
			}
			return Prov{Kind: Lacks, Origin: reconcileCtxNote}
		}
		if !r.Free && r.Param == 0 && r.Prop == Dispatches && fn.Signature.Recv() != nil && len(r.Path) > 0 {
			if field := structField(fn.Params[0].Type(), r.Path[0]); field != nil && field.Pkg() == w.pass.Pkg {
				return Prov{Kind: FromParam, Param: recvArg, Path: r.Path}
			}
		}
		return Prov{Kind: Unknown}
	})
	if e.Dispatch != nil {
		e.Dispatch.Args = slices.DeleteFunc(e.Dispatch.Args, func(a ArgValue) bool { return a.Kind == Unknown && a.Prop == Dispatches })
	}
	var left []Requirement
	reqs := e.Requires
	e.Requires = nil
	e.Notes = slices.Clip(e.Notes)
	for _, r := range reqs {
		if !r.Free && r.Param < len(fn.Params) && len(r.Path) == 0 && r.Prop == HasDeadline && isContext(fn.Params[r.Param].Type()) {
			if w.reconcileDeadline() {
				return e, nil, false
			}
			e.Notes = append(e.Notes, reconcileCtxNote)
			continue
		}
		if onlyClears(r.Prop) {
			continue // a database handle or a statement out of sight: its context decides
		}
		left = append(left, r)
	}
	switch {
	case len(left) == 0:
		return e, nil, true
	case len(left) == 1 && !left[0].Free && left[0].Param == 0 && fn.Signature.Recv() != nil && len(left[0].Path) > 0:
		field := structField(fn.Params[0].Type(), left[0].Path[0])
		if field == nil || field.Pkg() != w.pass.Pkg {
			break
		}
		r := left[0]
		r.Path = r.Path[1:]
		e.Requires = []Requirement{r}
		return e, field, false
	}
	if strict {
		e.Unproven = true
		e.Notes = append(e.Notes, "a value of unknown origin (-strict)")
		return e, nil, true
	}
	return e, nil, false
}

func structField(t types.Type, name string) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return st.Field(i).Origin() // the declared field, for a generic struct's instances too
		}
	}
	return nil
}

// reconcileDeadline reports whether the reconcile ctx has a deadline: the
// flag says so, or this package sets ReconciliationTimeout (controller-runtime
// v0.22+) in controller.Options or config.Controller.
func (w *walker) reconcileDeadline() bool {
	if assumeReconciliationTimeout {
		return true
	}
	if w.reconciliationTimeout == nil {
		set := false
		w.forEachStore(func(store *ssa.Store, fa *ssa.FieldAddr, field *types.Var) {
			if field.Name() != "ReconciliationTimeout" || isZero(store.Val) {
				return
			}
			owner := fa.X.Type().Underlying().(*types.Pointer).Elem()
			if isNamed(owner, "sigs.k8s.io/controller-runtime/pkg/controller", "Options") ||
				isNamed(owner, "sigs.k8s.io/controller-runtime/pkg/config", "Controller") ||
				isNamed(owner, "sigs.k8s.io/controller-runtime/pkg/controller", "TypedOptions") {
				set = true
			}
		})
		w.reconciliationTimeout = &set
	}
	return *w.reconciliationTimeout
}

// forEachStore calls f for every store into a struct field in the package.
func (w *walker) forEachStore(f func(store *ssa.Store, fa *ssa.FieldAddr, field *types.Var)) {
	for _, fi := range w.funcs {
		fieldStores(fi.fn, f)
	}
}

// fieldStores calls f for every store into a struct field in fn.
func fieldStores(fn *ssa.Function, f func(store *ssa.Store, fa *ssa.FieldAddr, field *types.Var)) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			store, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			fa, ok := store.Addr.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			if st, ok := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct); ok {
				// The declared field: a store into an instance of a
				// generic struct (Controller[T, L] in its generic
				// constructor, Controller[*Bucket, BucketLogic] in main)
				// binds the field its methods read.
				f(store, fa, st.Field(fa.Field).Origin())
			}
		}
	}
}

// bindings finds the values bound to fields that carry requirements, from
// this package's entries or from the facts of the package that declares the
// field, and decides them. A value that comes from a parameter of the
// function that stores it (a NewReconciler constructor) turns into a need of
// that function, decided at its calls, here or, through its fact, in the
// package that calls it (main).
func (w *walker) bindings(local map[*types.Var][]Effect) []Binding {
	var found []Binding
	w.forEachStore(func(store *ssa.Store, fa *ssa.FieldAddr, field *types.Var) {
		needs := local[field]
		if needs == nil && field.Pkg() != w.pass.Pkg {
			var fact FieldNeeds
			if w.pass.ImportObjectFact(field, &fact) {
				// Without the other package's positions, which a driver
				// that keeps facts in memory (golangci-lint) would
				// otherwise hand over, and a gob round trip drops.
				for _, e := range fact.Needs {
					needs = append(needs, e.stripPositions())
				}
			}
		}
		pos := cmp.Or(store.Pos(), fa.Pos())
		if len(needs) == 0 || w.ignored.at(w.pass.Fset, pos) {
			return
		}
		for _, need := range needs {
			if need.Bound == "" {
				need.Bound = typeName(fa.X.Type()) + "." + field.Name()
			}
			// The stored value stands for the field: a requirement on it.
			r := need.Requires[0]
			r.Param, r.Free = 0, false
			need.Requires = []Requirement{r}
			found = append(found, w.bind(store.Parent(), pos, need, bound{args: []ssa.Value{store.Val}, recv: fa.X})...)
		}
	})
	// Calls of functions with needs decide them, or pass them on to the
	// caller's parameters; repeat until no function gains a need.
	for changed := true; changed; {
		changed = false
		for _, fi := range w.funcs {
			for _, b := range fi.fn.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(*ssa.Call)
					if !ok || w.ignored.at(w.pass.Fset, call.Pos()) {
						continue
					}
					for _, need := range w.calleeNeeds(call.Call) {
						n := len(w.paramNeeds[fi.fn])
						found = append(found, w.bind(fi.fn, call.Pos(), need, bound{args: callArgs(call.Call)})...)
						changed = changed || len(w.paramNeeds[fi.fn]) > n
					}
				}
			}
		}
	}
	// One binding per chain: the calls of the entry that reach the sink
	// on different ways (a declare and a delete through the bound
	// implementation, each under its own context.Background()) stay, and
	// the finding lists them as its places.
	// Sorted whole, so that the duplicates are adjacent and the
	// shortest chain of each is kept, whatever order the facts came in.
	slices.SortStableFunc(found, func(a, b Binding) int {
		switch {
		case a.Pos != b.Pos:
			return cmp.Compare(a.Pos, b.Pos)
		case a.Field != b.Field:
			return strings.Compare(a.Field, b.Field)
		case a.Effect.key() != b.Effect.key():
			return strings.Compare(a.Effect.key(), b.Effect.key())
		case shorter(a.Effect, b.Effect):
			return -1
		case shorter(b.Effect, a.Effect):
			return 1
		}
		return 0
	})
	return slices.CompactFunc(found, func(a, b Binding) bool {
		return a.Pos == b.Pos && a.Effect.key() == b.Effect.key() && a.Field == b.Field && a.Effect.ChainString() == b.Effect.ChainString()
	})
}

// bind decides a need (an effect with one requirement) with the values args
// gives in fn: a finding at pos when the value lacks the property, a need of
// fn when it comes from one of fn's parameters.
func (w *walker) bind(fn *ssa.Function, pos token.Pos, need Effect, args bound) []Binding {
	e := need
	e.Notes = nil
	var found []Binding
	for _, decided := range w.decide(e, args) {
		// A database handle whose driver is out of sight, or a statement
		// of unknown make: its context decides (see onlyClears).
		decided.Requires = slices.DeleteFunc(decided.Requires, func(r Requirement) bool { return onlyClears(r.Prop) })
		if len(decided.Requires) > 0 {
			r := decided.Requires[0]
			if !r.Free && fn.Object() != nil {
				decided.Notes = append(decided.Notes, need.Notes...)
				w.addParamNeed(fn, decided)
			}
			continue
		}
		decided.Notes = append(decided.Notes, need.Notes...) // the bound value first
		found = append(found, Binding{Pos: pos, Field: need.Bound, Effect: decided, built: throughMethod(need.Requires[0].Path)})
	}
	return found
}

func (w *walker) addParamNeed(fn *ssa.Function, need Effect) {
	for _, have := range w.paramNeeds[fn] {
		if have.key() == need.key() && have.Bound == need.Bound {
			return
		}
	}
	w.paramNeeds[fn] = append(w.paramNeeds[fn], need)
}

// calleeNeeds returns the needs of the function a call calls: from this
// package, or from its fact.
func (w *walker) calleeNeeds(call ssa.CallCommon) []Effect {
	if fn := w.localFunc(call); fn != nil {
		return w.paramNeeds[fn]
	}
	callee := ssaflow.CalleeObject(call)
	if callee == nil || call.IsInvoke() || model.IsStd(model.PkgPath(callee.Pkg())) {
		return nil
	}
	callee = callee.Origin()
	if needs, ok := w.importedNeeds[callee]; ok {
		return needs
	}
	var summary Summary
	var needs []Effect
	if w.pass.ImportObjectFact(callee, &summary) {
		for _, e := range summary.Needs {
			needs = append(needs, e.stripPositions())
		}
	}
	w.importedNeeds[callee] = needs
	return needs
}

// setterNeeds records, for a client sink whose client v may be a package
// variable that an exported setter of this package assigns, a need of the
// setter: the effect e (the client's role not yet applied) blocks if the
// client the setter's caller passes lacks a Timeout. The package's own
// stores are decided here as for any package variable; the caller of the
// setter (main, with the client it builds) decides this one, through the
// setter's fact (see bindings).
func (w *walker) setterNeeds(e Effect, v ssa.Value, roles []model.Role, values []ssa.Value) {
	for _, g := range globalsBehind(v, w.pkg) {
		for _, p := range w.values.setterParams(g) {
			need := e
			need.Notes = slices.Clone(e.Notes)
			if !w.valuesOf(&need, roles, values) {
				continue
			}
			need.Requires = append(slices.Clip(need.Requires), Requirement{Prop: HasTimeout, Param: slices.Index(p.Parent().Params, p)})
			need.Bound = shortPkgName(g.Pkg.Pkg) + "." + g.Name()
			if !slices.ContainsFunc(w.setterNeedsOf[p.Parent()], func(have Effect) bool { return have.key() == need.key() && have.Bound == need.Bound }) {
				w.setterNeedsOf[p.Parent()] = append(w.setterNeedsOf[p.Parent()], need)
			}
		}
	}
}

// globalsBehind lists the package variables of pkg that v is read from,
// through the values it may take (`client := a; if b != nil { client = b }`).
func globalsBehind(v ssa.Value, pkg *ssa.Package) []*ssa.Global {
	var globals []*ssa.Global
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		if seen[v] {
			return
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Phi:
			for _, edge := range v.Edges {
				walk(edge)
			}
		case *ssa.UnOp:
			if g, ok := v.X.(*ssa.Global); ok && v.Op == token.MUL && g.Pkg == pkg {
				globals = append(globals, g)
			}
		}
	}
	walk(v)
	return globals
}

func shortPkgName(p *types.Package) string { return p.Name() }

// throughMethod reports whether path goes through what a method returns
// (methodResultElem).
func throughMethod(path []string) bool {
	return slices.ContainsFunc(path, func(elem string) bool {
		_, _, ok := parseMethodResult(elem)
		return ok
	})
}
