package blocking

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// ResultMethod is what calling Method on result Result of a function does:
// the effects of the concrete value's method, its receiver decided.
type ResultMethod struct {
	Result int
	// Path, when not empty, is the interface field below the result that
	// Method is called on (see fieldMethods).
	Path    []string `json:",omitempty"`
	Method  string
	Effects []Effect
	// Results: what the method returns, where it matters (the client a
	// registry's GetOrCreate returns), as far as the function's own code
	// decides it.
	Results []ResultValue `json:",omitempty"`
	// Returns, for a method that returns an interface (a factory's
	// NewClient), says what calling each method of the value it returns
	// does: the client the factory makes (only effects that need nothing
	// of the caller).
	Returns []ResultMethod `json:",omitempty"`
}

// resultMethodsOf lists, for each result of interface type of fn, the
// effects of each method of the concrete value fn returns there; for a
// result of func type (a constructor that returns the closure that runs a
// command in a pod), the effects of calling it, as method "".
func (res *resolver) resultMethodsOf(fn *ssa.Function) []ResultMethod {
	return append(res.resultMethodsDepth(fn, 1), res.fieldMethods(fn)...)
}

func (res *resolver) resultMethodsDepth(fn *ssa.Function, depth int) []ResultMethod {
	var methods []ResultMethod
	results := fn.Signature.Results()
	for i := range results.Len() {
		names := callableNames(results.At(i).Type())
		if len(names) == 0 {
			continue
		}
		p := res.values.resultConcrete(fn, i)
		if p.Kind != Concrete {
			continue
		}
		// The result's concrete value is known even when none of its
		// methods blocks: say so, or importers would fall back to every
		// implementation in sight, blocking ones included. (A package where
		// nothing blocks has nothing to say: the pre-check skips it.)
		var returned []ResultMethod
		for _, name := range names {
			if rvs := res.values.methodResults(p, name); len(rvs) > 0 {
				returned = append(returned, ResultMethod{Result: i, Method: name, Results: rvs})
			}
		}
		if res.anyEffects() || res.convertsWaiting() || len(returned) > 0 {
			methods = append(methods, ResultMethod{Result: i})
		}
		for _, name := range names {
			effects := res.ctorMethodEffects(p, name)
			rm := ResultMethod{Result: i, Method: name, Effects: effects}
			if k := slices.IndexFunc(returned, func(r ResultMethod) bool { return r.Method == name }); k >= 0 {
				rm.Results = returned[k].Results
			}
			if depth > 0 {
				rm.Returns = res.productMethods(p, name, depth-1)
			}
			if len(rm.Effects) > 0 || len(rm.Results) > 0 || len(rm.Returns) > 0 {
				methods = append(methods, rm)
			}
		}
	}
	return methods
}

// fieldMethods lists, for the interface fields of fn's results that fn
// sets to a value it knows (NewClusterReconciler storing
// k8s.NewClient(c, ctx) in the reconciler's client field), what calling
// each method on that field does. An importer that calls a method of the
// result which calls the field decides the call with it; without it, the
// call stays open and is dropped there.
func (res *resolver) fieldMethods(fn *ssa.Function) []ResultMethod {
	var methods []ResultMethod
	results := fn.Signature.Results()
	for i := range results.Len() {
		for _, tp := range tracedPaths(results.At(i).Type(), 3, res.scopeFields()) {
			if tp.prop != Dispatches || len(tp.path) == 0 {
				continue
			}
			ft := fieldType(results.At(i).Type(), tp.path)
			if ft == nil {
				continue // a path through a call's result (an option func's product)
			}
			names := callableNames(ft)
			if len(names) == 0 || names[0] == "" {
				continue // a func field: decided as the constructor's parameter (ResultValue)
			}
			p := res.values.resultConcreteAt(fn, i, tp.path)
			if p.Kind != Concrete {
				continue
			}
			for _, name := range names {
				if effects := res.ctorMethodEffects(p, name); len(effects) > 0 {
					methods = append(methods, ResultMethod{Result: i, Path: tp.path, Method: name, Effects: effects})
				}
			}
		}
	}
	return methods
}

// ctorMethodEffects is what calling method name on p, a concrete value the
// function under review returns, does; what depends on the function's
// parameters becomes Ctor requirements, decided where it is called.
func (res *resolver) ctorMethodEffects(p Prov, name string) []Effect {
	var effects []Effect
	// fn's own parameters, not another function's: what depends on them
	// becomes Ctor requirements.
	p.foreign = false
	for _, d := range res.methodEffects(p, name, true) {
		e := d.effect
		for _, r := range d.own {
			if !r.Free {
				r.Ctor = true
				e.Requires = append(slices.Clip(e.Requires), r)
			}
		}
		if e.Dispatch != nil && !slices.ContainsFunc(e.Requires, func(r Requirement) bool { return r.Ctor && r.Prop == Dispatches }) {
			continue // a dispatch on something else than what fn was given
		}
		effects = append(effects, e)
	}
	return keepAtMost(effects, MaxEffects)
}

// fieldType is the type of the field at path below a value of type t
// (pointers followed), or nil.
func fieldType(t types.Type, path []string) types.Type {
	for _, name := range path {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		var found types.Type
		for f := range st.Fields() {
			if f.Name() == name {
				found = f.Type()
			}
		}
		if found == nil {
			return nil
		}
		t = found
	}
	return t
}

// productMethods says, for method name of the concrete value p (a factory
// this package returns), what calling the methods of what it returns does:
// the method's own result methods, keeping the effects that need nothing of
// the caller (its arguments are not in the fact).
func (res *resolver) productMethods(p Prov, name string, depth int) []ResultMethod {
	if p.val == nil || p.resultOf > 0 || len(p.alts) > 0 || isCallable(p.val) || name == "" {
		return nil
	}
	method := methodNamed(p.val.Type(), name)
	if method == nil {
		return nil
	}
	local, _ := res.target(p.val, method)
	if local == nil || res.byFunc[local] == nil {
		return nil
	}
	var out []ResultMethod
	for _, rm := range res.resultMethodsDepth(local, depth) {
		rm.Effects = slices.DeleteFunc(rm.Effects, func(e Effect) bool { return len(e.Requires) > 0 || e.Dispatch != nil })
		if len(rm.Effects) > 0 || rm.Method == "" && len(rm.Results) == 0 {
			out = append(out, rm)
		}
	}
	return out
}

// callableNames lists what a caller can call on a value of type t: the
// methods of an interface, or the value itself ("") if it is a func.
func callableNames(t types.Type) []string {
	switch u := t.Underlying().(type) {
	case *types.Interface:
		names := make([]string, u.NumMethods())
		for m := range u.NumMethods() {
			names[m] = u.Method(m).Name()
		}
		return names
	case *types.Signature:
		return []string{""}
	}
	return nil
}

func (rm ResultMethod) String() string {
	s := fmt.Sprintf("result %d.%s: %d effects", rm.Result, strings.Join(append(slices.Clip(rm.Path), rm.Method), "."), len(rm.Effects))
	for _, r := range rm.Results {
		s += ", " + r.String()
	}
	return s
}

// anyEffects reports whether some function of the package may block.
// convertsWaiting reports whether a type the package converts to an
// interface has a method that waits: then the package's Implementations
// fact lists it, and an importer that cannot tell which value a function
// returned would fall back to it (rapid type analysis). A function that
// returns only a type that does not wait must say so, even in a package
// whose own functions wait on nothing (a factory that picks a provider).
func (res *resolver) convertsWaiting() bool {
	if res.convertsWaitingMemo != nil {
		return *res.convertsWaitingMemo
	}
	waits := false
	if m := res.pass.Module; m != nil && m.Version != "" {
		res.convertsWaitingMemo = &waits
		return false // a dependency exports no Implementations (see exportImplementations)
	}
	for _, t := range res.convertedTypes() {
		mset := types.NewMethodSet(t)
		for i := range mset.Len() {
			fn, ok := mset.At(i).Obj().(*types.Func)
			if !ok {
				continue
			}
			if fn.Pkg() == res.pass.Pkg {
				if fi := res.byFunc[res.pkg.Prog.FuncValue(fn)]; fi != nil {
					for _, e := range fi.summary {
						waits = waits || waitsOnItsOwn(e)
					}
				}
			} else if summary := (Summary{}); res.pass.ImportObjectFact(fn.Origin(), &summary) {
				waits = waits || slices.ContainsFunc(summary.Effects, waitsOnItsOwn)
			}
		}
	}
	res.convertsWaitingMemo = &waits
	return waits
}

func (res *resolver) anyEffects() bool {
	for _, fi := range res.funcs {
		if len(fi.summary) > 0 {
			return true
		}
	}
	return false
}
