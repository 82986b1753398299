package blocking

import (
	"fmt"
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
	recv := o.eval(c.Value, nil, Dispatches)
	if recv.Kind == Concrete {
		for _, alt := range recv.flat() {
			if alt.resultOf > 0 {
				// The value another package's constructor returned: its
				// fact says what the method returns (ResultMethod.Results).
				ps = append(ps, o.factMethodResult(alt, c.Method.Name(), i, path, prop))
				continue
			}
			if alt.val == nil || isCallable(alt.val) {
				return Prov{Kind: Unknown}
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
	p := mergeAll(ps)
	if p.Kind == Unknown && recv.Kind == FromParam && len(recv.Path)+1+len(path) <= maxPath &&
		(prop != Dispatches || len(path) == 0 && !o.calls.implementedAny(call.Type(), i)) {
		// For Dispatches (a factory in a field, whose NewClient returns
		// the SDK client), only when no implementation of the result's
		// interface is in sight to decide its calls.
		// The receiver is the caller's (an interface in a field of the
		// reconciler, bound in main): what the method returns is decided
		// where the receiver's concrete value is known, like a field of it.
		return Prov{Kind: FromParam, Param: recv.Param, Free: recv.Free,
			Path: append(append(slices.Clip(recv.Path), methodResultElem(c.Method.Name(), i)), path...)}
	}
	return p
}

// evalMethodResult says where result i of calling method name on v comes
// from, at path below it (the path element methodResultElem): the concrete
// values v may hold decide, through their method in this package or the
// fact of the constructor of another package that returned them.
func (o *origins) evalMethodResult(v ssa.Value, name string, i int, path []string, prop Property) (Prov, bool) {
	recv := o.eval(v, nil, Dispatches)
	if recv.Kind != Concrete {
		return Prov{}, false
	}
	var ps []Prov
	for _, alt := range recv.flat() {
		if alt.resultOf > 0 {
			ps = append(ps, o.factMethodResult(alt, name, i, path, prop))
			continue
		}
		if alt.val == nil || isCallable(alt.val) {
			return Prov{Kind: Unknown}, true
		}
		method := methodNamed(alt.val.Type(), name)
		if method == nil {
			return Prov{Kind: Unknown}, true
		}
		fn, obj := o.calls.target(alt.val, method)
		q := o.methodResult(fn, obj, i, path, prop, []ssa.Value{alt.val})
		if alt.foreign {
			q = foreignProv(q)
		}
		ps = append(ps, q)
	}
	return mergeAll(ps), true
}

// methodNamed is the method called name of values of type t (or of *t).
func methodNamed(t types.Type, name string) *types.Func {
	for _, typ := range []types.Type{t, types.NewPointer(t)} {
		ms := types.NewMethodSet(typ)
		for k := range ms.Len() {
			if fn, ok := ms.At(k).Obj().(*types.Func); ok && fn.Name() == name {
				return fn
			}
		}
		if _, isPtr := t.Underlying().(*types.Pointer); isPtr {
			break
		}
	}
	return nil
}

// factMethodResult says where result i of calling method on alt, the value
// result alt.resultOf-1 of a function of another package, comes from at
// path, from that function's fact.
func (o *origins) factMethodResult(alt Prov, method string, i int, path []string, prop Property) Prov {
	obj := alt.external
	if fn, ok := alt.val.(*ssa.Function); ok && obj == nil {
		_, obj = o.resolve(fn)
	}
	var summary Summary
	if obj == nil || !o.pass.ImportObjectFact(obj, &summary) {
		return Prov{Kind: Unknown}
	}
	for _, rm := range summary.ResultMethods {
		if rm.Result == alt.resultOf-1 && rm.Method == method && slices.Equal(rm.Path, alt.field) {
			if prop == Dispatches && len(path) == 0 && alt.via == "" && slices.ContainsFunc(rm.Returns, func(r ResultMethod) bool { return r.Result == i }) {
				// What the factory's method returns: its fact says what
				// calling that value's methods does.
				return Prov{Kind: Concrete, external: alt.external, val: alt.val, resultOf: alt.resultOf, via: methodResultElem(method, i), args: alt.args}
			}
			return o.resultProv(rm.Results, i, path, prop, nil)
		}
	}
	return Prov{Kind: Unknown}
}

// methodResults is what the method called name of p, the concrete value a
// function of this package returns, returns along the paths that lead to a
// client or a context: exported with the function's ResultMethods, so that
// a package that cannot see the concrete type knows what
// `registry.GetOrCreate(ctx, ns)` returns. What the method takes from its
// receiver is read from p; what it takes from its other arguments, or
// from the function's parameters, is left out (unknown).
func (o *origins) methodResults(p Prov, name string) []ResultValue {
	var out []ResultValue
	byKey := make(map[string]int)
	for _, alt := range p.flat() {
		if alt.val == nil || alt.resultOf > 0 || isCallable(alt.val) {
			return nil
		}
		method := methodNamed(alt.val.Type(), name)
		if method == nil {
			return nil
		}
		fn, _ := o.calls.target(alt.val, method)
		if fn == nil {
			return nil
		}
		results := fn.Signature.Results()
		for ri := range results.Len() {
			for _, tp := range tracedPaths(results.At(ri).Type(), 3, nil) {
				q := o.resultProv(o.resultValues(fn), ri, tp.path, tp.prop, []ssa.Value{alt.val})
				if q.Kind == FromParam || q.Kind == Concrete {
					q = Prov{Kind: Unknown} // the constructor's parameters: out of sight here
				}
				k := fmt.Sprint(ri, tp.path)
				rv := ResultValue{Result: ri, Path: tp.path, Kind: q.Kind, Origin: q.Origin}
				if j, ok := byKey[k]; ok {
					m := merge(Prov{Kind: out[j].Kind, Origin: out[j].Origin}, q)
					out[j].Kind, out[j].Origin = m.Kind, m.Origin
					continue
				}
				byKey[k] = len(out)
				out = append(out, rv)
			}
		}
	}
	known := out[:0]
	for _, rv := range out {
		if rv.Kind != Unknown {
			known = append(known, rv)
		}
	}
	return known
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
