package blocking

import (
	"cmp"
	"go/token"
	"go/types"
	"slices"
	"strings"

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
}

// atEntry decides the requirements an entry point leaves: the ctx the
// worker passes has no deadline unless ReconciliationTimeout is set; a field
// of the receiver is decided where it is bound. It reports the decided
// effect, or the field requirement to export, or neither.
func (w *walker) atEntry(fn *ssa.Function, e Effect) (Effect, *types.Var, bool) {
	var left []Requirement
	reqs := e.Requires
	e.Requires = nil
	e.Notes = slices.Clip(e.Notes)
	for _, r := range reqs {
		if !r.Free && r.Param < len(fn.Params) && len(r.Path) == 0 && r.Prop == HasDeadline && isContext(fn.Params[r.Param].Type()) {
			if w.reconcileDeadline() {
				return e, nil, false
			}
			e.Notes = append(e.Notes, "the reconcile ctx, which has no deadline")
			continue
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
			return st.Field(i)
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
		for _, b := range fi.fn.Blocks {
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
					f(store, fa, st.Field(fa.Field))
				}
			}
		}
	}
}

// bindings finds the values bound to fields that carry requirements, from
// this package's entries or from the facts of the package that declares the
// field, and decides them.
func (w *walker) bindings(local map[*types.Var][]Effect) []Binding {
	var found []Binding
	w.forEachStore(func(store *ssa.Store, fa *ssa.FieldAddr, field *types.Var) {
		needs := local[field]
		if needs == nil && field.Pkg() != w.pass.Pkg {
			var fact FieldNeeds
			if w.pass.ImportObjectFact(field, &fact) {
				needs = fact.Needs
			}
		}
		pos := cmp.Or(store.Pos(), fa.Pos())
		if len(needs) == 0 || w.ignored.at(w.pass.Fset, pos) {
			return
		}
		for _, need := range needs {
			r := need.Requires[0]
			p := w.eval(store.Val, r.Path, r.Prop)
			if p.Kind == Nil && r.NilFallback != "" {
				p = Prov{Kind: Lacks, Origin: r.NilFallback}
			}
			e := need
			e.Requires = nil
			e.Notes = nil
			if !w.require(&e, p, r.Prop) || len(e.Requires) > 0 {
				continue
			}
			e.Notes = append(e.Notes, need.Notes...) // the bound value first
			owner := typeName(fa.X.Type())
			found = append(found, Binding{Pos: pos, Field: owner + "." + field.Name(), Effect: e})
		}
	})
	return found
}
