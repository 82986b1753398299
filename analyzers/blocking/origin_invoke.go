package blocking

import (
	"go/types"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// Results of calls through an interface.
//
// A client often comes out of a call through an interface: a security
// provider (`provider.BuildHTTPClient(t)`) whose implementations return
// http.DefaultClient or `&http.Client{}`, a getter (`h.GetAPI()`). The
// result of such a call is what the implementations the call may reach
// return, joined: the concrete value of the receiver when its origin is in
// sight, else the implementations that the package puts into interfaces or
// declares (see implementations).

// evalInvoke says where result i of an interface method call comes from, at
// path below it.
func (o *origins) evalInvoke(call *ssa.Call, i int, path []string, prop Property) Prov {
	c := &call.Call
	if c.Method.Pkg() == nil || model.IsStd(model.PkgPath(c.Method.Pkg())) {
		return Prov{Kind: Unknown}
	}
	args := callArgs(*c)
	var ps []Prov
	if recv := o.eval(c.Value, nil, Dispatches); recv.Kind == Concrete {
		for _, alt := range recv.flat() {
			if alt.val == nil || alt.resultOf > 0 || isCallable(alt.val) {
				return Prov{Kind: Unknown} // known from facts only: their results are not exported
			}
			fn, obj := o.calls.target(alt.val, c.Method)
			q := o.methodResult(fn, obj, i, path, prop, append([]ssa.Value{alt.val}, args[1:]...))
			if alt.foreign {
				// The receiver was built by a callee (`NewHolder().GetAPI()`):
				// what it took from that callee's parameters is out of sight,
				// and the values it holds are that callee's.
				q = foreignProv(q)
			}
			ps = append(ps, q)
		}
	} else {
		for _, impl := range o.calls.implementations(c) {
			// The receiver is out of sight: what the implementation takes
			// from it is unknown.
			implArgs := append([]ssa.Value{nil}, args[1:]...)
			var fn *ssa.Function
			var obj *types.Func
			if impl.Pkg() == o.pass.Pkg {
				if f := o.pkg.Prog.FuncValue(impl); f != nil {
					fn, _ = o.resolve(f)
				}
			} else {
				obj = impl.Origin()
			}
			ps = append(ps, o.methodResult(fn, obj, i, path, prop, implArgs))
		}
	}
	return mergeAll(ps)
}

// mergeAll merges the provenances of values that may each be the one used
// (the implementations a call may reach, the stores into a variable), like
// merge; when several lack the property, the origin names each of them, so
// that the finding points at every value to fix. Unknown if there are none.
func mergeAll(ps []Prov) Prov {
	if len(ps) == 0 {
		return Prov{Kind: Unknown}
	}
	p := ps[0]
	var origins []string
	for i, q := range ps {
		if i > 0 {
			p = merge(p, q)
		}
		if q.Kind == Lacks && !slices.Contains(origins, q.Origin) {
			origins = append(origins, q.Origin)
		}
	}
	if p.Kind == Lacks && len(origins) > 1 {
		p.Origin = strings.Join(origins, " or ")
	}
	return p
}

// methodResult says where result i of calling fn (of this package) or obj
// (of another) with args comes from, at path below it. A nil argument is
// one out of sight.
func (o *origins) methodResult(fn *ssa.Function, obj *types.Func, i int, path []string, prop Property, args []ssa.Value) Prov {
	switch {
	case fn != nil && prop == Dispatches && len(path) == 0:
		p := o.resultConcrete(fn, i)
		if p.Kind == FromParam {
			if p.Free || p.Param >= len(args) || args[p.Param] == nil {
				return Prov{Kind: Unknown}
			}
			return o.eval(args[p.Param], p.Path, prop)
		}
		return p
	case fn != nil:
		return o.resultProv(o.resultValues(fn), i, path, prop, args)
	case obj != nil && !model.IsStd(model.PkgPath(obj.Pkg())):
		return o.externalResult(obj, i, path, prop, args)
	}
	return Prov{Kind: Unknown}
}

// foreignProv marks p, the provenance of a value another function made, as
// such: what it takes from that function's parameters is unknown here.
func foreignProv(p Prov) Prov {
	switch p.Kind {
	case FromParam:
		return Prov{Kind: Unknown}
	case Concrete:
		alts := slices.Clone(p.flat())
		for i := range alts {
			alts[i].foreign = alts[i].val != nil && !isFunc(alts[i].val)
		}
		if len(alts) == 1 {
			return alts[0]
		}
		p.alts = alts
	}
	return p
}
