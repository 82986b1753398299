package blocking

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

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
		summary := &Summary{Effects: make([]Effect, len(ex.effects)), Needs: slices.Concat(w.paramNeeds[w.pkg.Prog.FuncValue(ex.obj)], w.setterNeedsOf[w.pkg.Prog.FuncValue(ex.obj)])}
		for i, e := range ex.effects {
			summary.Effects[i] = shareTail(e, shareable)
		}
		if ex.obj.Exported() {
			fn := w.pkg.Prog.FuncValue(ex.obj)
			summary.Results = w.values.resultValues(fn)
			summary.ResultMethods = w.calls.resultMethodsOf(fn)
		}
		summary.Sets = w.values.exportedSets(w.pkg.Prog.FuncValue(ex.obj))
		if !summary.empty() {
			w.pass.ExportObjectFact(ex.obj, summary)
		}
	}
	w.exportVarFacts()
	w.exportImplementations()
	w.exportGuards()
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
		fn := w.values.storedFunc(g)
		fi := w.byFunc[fn]
		if fi == nil {
			continue
		}
		summary := &Summary{Effects: fi.summary.forFact(), Results: w.values.resultValues(fn), ResultMethods: w.calls.resultMethodsOf(fn)}
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
func (u *unit) expand(pkg *types.Package, e Effect) (Effect, bool) {
	for depth := 0; e.Via.Name != ""; depth++ {
		fn := lookupVia(pkg, e.Via)
		var summary Summary
		if depth > MaxChain || fn == nil || !u.pass.ImportObjectFact(fn, &summary) || e.Via.Index >= len(summary.Effects) {
			return e, false
		}
		tail := summary.Effects[e.Via.Index]
		e.Chain = append(slices.Clip(e.Chain), tail.Chain...)
		e.Elided += tail.Elided
		e.ExitElided = e.ExitElided || tail.ExitElided
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
