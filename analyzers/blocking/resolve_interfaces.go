package blocking

import (
	"go/types"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// maxImplementations bounds how many of the types that merely implement an
// interface a call may resolve to. Past it the interface is too general (an
// io.Writer, a logger) for "calls every implementation" to say anything
// useful, and those types are left out.
const maxImplementations = 8

// maxConverted bounds the types converted to an interface in the package
// that a call may resolve to: a list of sub-reconcilers is often longer than
// maxImplementations, and each of them is really put there.
const maxConverted = 32

// implementations resolves an interface method call to the methods of the
// types that the package's code converts to an interface and that implement
// this one (a slice of sub-reconcilers, a value returned as the interface),
// and, when there are few of them, of the named types the package declares
// that implement it.
// Interfaces of the standard library are left unresolved: the model says
// what their well-known implementations do.
func (res *resolver) implementations(call *ssa.CallCommon) []*types.Func {
	method := call.Method
	if method.Pkg() == nil || model.IsStd(model.PkgPath(method.Pkg())) {
		return nil
	}
	iface, ok := call.Value.Type().Underlying().(*types.Interface)
	if !ok {
		return nil // a call through a type parameter
	}
	lookup := func(t types.Type) *types.Func {
		if !types.Implements(t, iface) {
			return nil
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, method.Pkg(), method.Name())
		fn, _ := obj.(*types.Func)
		return fn
	}
	var impls []*types.Func
	seen := make(map[*types.Func]bool)
	add := func(fn *types.Func) {
		if fn != nil && !seen[fn] {
			seen[fn] = true
			impls = append(impls, fn)
		}
	}
	for _, t := range res.convertedTypes() {
		add(lookup(t))
	}
	if len(impls) > maxConverted {
		return nil
	}
	var declared []*types.Func
	for _, tn := range res.implementationCandidates() {
		if fn := lookup(types.NewPointer(tn.Type())); fn != nil && !seen[fn] {
			declared = append(declared, fn)
		}
	}
	if len(declared) <= maxImplementations {
		for _, fn := range declared {
			add(fn)
		}
	}
	return impls
}

// convertedTypes lists the concrete types that the package's code converts
// to an interface, in a deterministic order.
func (res *resolver) convertedTypes() []types.Type {
	if res.convertedTypesMemo != nil {
		return res.convertedTypesMemo
	}
	res.convertedTypesMemo = []types.Type{}
	seen := make(map[string]bool)
	for _, fi := range res.funcs {
		for _, b := range fi.fn.Blocks {
			for _, instr := range b.Instrs {
				mi, ok := instr.(*ssa.MakeInterface)
				if !ok {
					continue
				}
				t := mi.X.Type()
				if _, isIface := t.Underlying().(*types.Interface); isIface {
					continue
				}
				if key := types.TypeString(t, nil); !seen[key] {
					seen[key] = true
					res.convertedTypesMemo = append(res.convertedTypesMemo, t)
				}
			}
		}
	}
	slices.SortFunc(res.convertedTypesMemo, func(a, b types.Type) int {
		return strings.Compare(types.TypeString(a, nil), types.TypeString(b, nil))
	})
	return res.convertedTypesMemo
}

// implementationCandidates lists the non-generic named types, other than
// interfaces, that the package declares. Types of other packages are
// reached through what the package converts (convertedTypes), the
// constructors' facts and the values bound to fields: a type another
// package merely declares (a fake, a mock, an SDK's second client) is not
// what production code put there.
func (res *resolver) implementationCandidates() []*types.TypeName {
	if res.candidates != nil {
		return res.candidates
	}
	res.candidates = []*types.TypeName{}
	scope := res.pass.Pkg.Scope()
	for _, name := range scope.Names() { // sorted
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) || res.declaredInTest(tn) {
			continue
		}
		res.candidates = append(res.candidates, tn)
	}
	return res.candidates
}
