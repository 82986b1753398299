package blocking

import (
	"go/types"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// maxImplementations bounds how many implementations an interface call may
// resolve to. Past it the interface is too general (an io.Writer, a logger)
// for "calls every implementation" to say anything useful, and the call stays
// unresolved.
const maxImplementations = 8

// implementations resolves an interface method call to the methods of the
// named types, declared in this package or in a package it imports directly,
// that implement the interface. Interfaces of the standard library are left
// unresolved: the model says what their well-known implementations do.
func (w *walker) implementations(call *ssa.CallCommon) []*types.Func {
	method := call.Method
	if method.Pkg() == nil || model.IsStd(model.PkgPath(method.Pkg())) {
		return nil
	}
	iface, ok := call.Value.Type().Underlying().(*types.Interface)
	if !ok {
		return nil // a call through a type parameter
	}
	var impls []*types.Func
	for _, tn := range w.implementationCandidates() {
		ptr := types.NewPointer(tn.Type())
		if !types.Implements(ptr, iface) {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(ptr, true, method.Pkg(), method.Name())
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		if impls = append(impls, fn); len(impls) > maxImplementations {
			return nil
		}
	}
	return impls
}

// implementationCandidates lists the non-generic named types, other than
// interfaces, of this package and of its direct imports outside the standard
// library and the bounded packages of the model.
func (w *walker) implementationCandidates() []*types.TypeName {
	if w.candidates != nil {
		return w.candidates
	}
	w.candidates = []*types.TypeName{}
	pkgs := append([]*types.Package{w.pass.Pkg}, programImports(w.pass)...)
	for _, pkg := range pkgs {
		path := model.PkgPath(pkg)
		if pkg != w.pass.Pkg && (model.IsStd(path) || w.table.BoundedPackage(path)) {
			continue
		}
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) || w.declaredInTest(tn) {
				continue
			}
			w.candidates = append(w.candidates, tn)
		}
	}
	slices.SortFunc(w.candidates, func(a, b *types.TypeName) int {
		if a.Pkg().Path() != b.Pkg().Path() {
			return strings.Compare(a.Pkg().Path(), b.Pkg().Path())
		}
		return strings.Compare(a.Name(), b.Name())
	})
	return w.candidates
}
