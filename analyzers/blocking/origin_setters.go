package blocking

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// A value a call returned can still be changed before it is used: an
// operator builds the SDK client and then sets its timeout, by a store
// (`c.Timeout = d`) or through a setter (`c.SetTimeout(d)`). What the
// caller sets replaces what the constructor made.

// FieldSet says that a function sets field Field of its parameter Into to
// its parameter From, or, when From is -1, to a constant that is not zero.
type FieldSet struct {
	Into  int
	Field string
	From  int
}

// overridden returns what v holds at path after the stores and setter
// calls that follow the call that made it, or p, what the call made, if
// there are none. For a struct built here, stores are evalStores' to read:
// only setters count.
func (o *origins) overridden(v ssa.Value, path []string, prop Property, p Prov) Prov {
	set := o.storedInto(v, path, prop)
	if len(set) == 0 {
		return p
	}
	q := set[0]
	for _, s := range set[1:] {
		q = merge(q, s)
	}
	return q
}

// storedInto lists what the stores and setter calls on v put at path: into
// the field itself (`c.HTTPClient = hc`), or into what the field holds
// (`c.HTTPClient.Timeout = 5 * time.Second`, a library setting the
// timeout of the client its constructor made, right after it).
func (o *origins) storedInto(v ssa.Value, path []string, prop Property) []Prov {
	if len(path) == 0 && prop == HasTimeout && hasTimeoutField(v.Type()) {
		path = []string{"Timeout"} // the client's own Timeout decides it
	}
	if len(path) == 0 || v.Referrers() == nil {
		return nil
	}
	var set []Prov
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			if _, built := v.(*ssa.Alloc); built || ref.X != v || ssaflow.FieldName(pointee(v.Type()), ref.Field) != path[0] {
				continue
			}
			for _, use := range *ref.Referrers() {
				switch use := use.(type) {
				case *ssa.Store:
					if use.Addr == ref {
						set = append(set, o.eval(use.Val, path[1:], prop))
					}
				case *ssa.UnOp:
					if use.Op == token.MUL {
						set = append(set, o.storedInto(use, path[1:], prop)...)
					}
				}
			}
		case *ssa.Call:
			if len(path) != 1 {
				continue
			}
			args := callArgs(ref.Call)
			for _, fs := range o.calleeSets(ref.Call) {
				if fs.Field != path[0] || fs.Into >= len(args) || args[fs.Into] != v {
					continue
				}
				switch {
				case fs.From < 0:
					set = append(set, Prov{Kind: Has})
				case fs.From < len(args):
					set = append(set, o.eval(args[fs.From], nil, prop))
				}
			}
		}
	}
	return set
}

// calleeSets returns the fields the function a call calls sets on its
// parameters: from this package, or from its fact.
func (o *origins) calleeSets(call ssa.CallCommon) []FieldSet {
	if fn := o.localFunc(call); fn != nil {
		return o.setsOf(fn)
	}
	callee := ssaflow.CalleeObject(call)
	if callee == nil || call.IsInvoke() || model.IsStd(model.PkgPath(callee.Pkg())) {
		return nil
	}
	var summary Summary
	if o.pass.ImportObjectFact(callee.Origin(), &summary) {
		return summary.Sets
	}
	return nil
}

// setsOf lists the fields that matter (clients, contexts, timeouts) that fn
// sets on its parameters, from a parameter or to a constant.
func (o *origins) setsOf(fn *ssa.Function) []FieldSet {
	var sets []FieldSet
	fieldStores(fn, func(store *ssa.Store, fa *ssa.FieldAddr, field *types.Var) {
		into, ok := fa.X.(*ssa.Parameter)
		if !ok || !tracedField(field) {
			return
		}
		fs := FieldSet{Into: slices.Index(fn.Params, into), Field: field.Name(), From: -1}
		switch val := store.Val.(type) {
		case *ssa.Parameter:
			fs.From = slices.Index(fn.Params, val)
		case *ssa.Const:
			if isZero(val) {
				return
			}
		default:
			return
		}
		sets = append(sets, fs)
	})
	return sets
}

// exportedSets is what the fact of fn says it sets: only for methods and
// functions of a pointer parameter, which can set anything the caller sees.
func (o *origins) exportedSets(fn *ssa.Function) []FieldSet {
	var sets []FieldSet
	for _, fs := range o.setsOf(fn) {
		if _, ok := fn.Params[fs.Into].Type().Underlying().(*types.Pointer); ok {
			sets = append(sets, fs)
		}
	}
	return sets
}

// setterParams lists the parameters of the package's exported functions
// that it stores into g as they are: `func SetClient(c *http.Client) {
// client = c }`, which another package (main) may call with a client the
// package never sees.
func (o *origins) setterParams(g *ssa.Global) []*ssa.Parameter {
	var params []*ssa.Parameter
	for _, v := range o.storesInto(g) {
		p, ok := v.(*ssa.Parameter)
		if !ok || p.Parent().Object() == nil || !p.Parent().Object().Exported() || p.Parent().Parent() != nil {
			continue
		}
		params = append(params, p)
	}
	return params
}
