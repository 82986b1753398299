package blocking

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/analysis"
)

// precheck is the switch the tests turn off to compare against the full
// analysis of every package; skipHook lets them see what it skips.
var (
	precheck = true
	skipHook func(pkgPath string)
)

// mayMatter reports, cheaply, from the objects the package refers to,
// whether building its SSA can produce anything: an effect, a fact, an entry
// point, a finalizer branch or a binding. A package that declares no
// function returning a client or a context, and refers to no modelled API,
// no function or field with a fact, no context or HTTP origin, no timer
// channel and nothing of controller-runtime's reconcile, finalizer or
// controllerutil packages can reach no sink and no requirement, and is
// skipped.
func mayMatter(pass *analysis.Pass, table *model.Table) bool {
	if !precheck || len(extraEntries) > 0 {
		return true
	}
	// Functions that return clients or contexts (or structs holding them)
	// export where those come from.
	readsDeletion := -1 // usesDeletionTimestamp, once asked
	var sdk func(types.Type) bool
	if underReview(pass) {
		sdk = func(t types.Type) bool { return userInterfaceType(table, t) }
	}
	for _, obj := range pass.TypesInfo.Defs {
		if fn, ok := obj.(*types.Func); ok {
			results := fn.Signature().Results()
			for i := range results.Len() {
				if exportsOrigin(fn.Signature(), results.At(i).Type(), sdk) {
					return true
				}
			}
			if fn.Exported() && (mayTestPresence(fn.Signature()) || mayTestDeletion(fn.Signature())) {
				return true // finalizerrequeue exports what it tests
			}
			// A method of an object type that reads the deletion
			// timestamp (an API package's IsBeingDeleted) may be what a
			// call through an interface runs.
			if fn.Exported() && mayTestDeletionMethod(fn.Signature()) {
				if readsDeletion < 0 {
					readsDeletion = 0
					if usesDeletionTimestamp(pass) {
						readsDeletion = 1
					}
				}
				if readsDeletion == 1 {
					return true
				}
			}
		}
	}
	if callsFuncParam(pass) {
		return true // a callback helper: callers decide what it calls
	}
	seen := make(map[types.Object]bool)
	interfaceCalls := make(map[string]bool) // the names of the interface methods called
	for _, obj := range pass.TypesInfo.Uses {
		if seen[obj] || obj.Pkg() == nil {
			continue
		}
		seen[obj] = true
		if fn, ok := obj.(*types.Func); ok && isInterfaceMethod(fn) && !model.IsStd(model.PkgPath(fn.Pkg())) {
			interfaceCalls[fn.Name()] = true // the package's own interfaces too
		}
		if obj.Pkg() != pass.Pkg && relevantObject(pass, table, obj) {
			return true
		}
	}
	// A call through an interface may resolve to the methods of a directly
	// imported package (see implementations): relevant if a method of the
	// name called has a fact that says something.
	if len(interfaceCalls) > 0 {
		direct := make(map[*types.Package]bool)
		for _, p := range pass.Pkg.Imports() {
			direct[p] = true
		}
		for _, f := range pass.AllObjectFacts() {
			s, ok := f.Fact.(*Summary)
			if !ok || !direct[f.Object.Pkg()] || !interfaceCalls[f.Object.Name()] || s.inert() {
				continue
			}
			if fn, ok := f.Object.(*types.Func); ok && fn.Signature().Recv() != nil {
				return true
			}
		}
	}
	return false
}

// exportsOrigin reports whether a function of signature sig, returning a
// value of type t, may tell its callers where something that bounds a wait
// comes from: a context or a client the result holds, or a func the result
// holds that the caller chose. A func field the function fills with its own
// code (a codec's marshal functions) is the package's code: it can wait only
// through a reference that makes the package matter anyway.
func exportsOrigin(sig *types.Signature, t types.Type, sdk func(types.Type) bool) bool {
	paths := tracedPaths(t, 3, sdk)
	for _, p := range paths {
		if p.prop != Dispatches {
			return true
		}
	}
	if len(paths) == 0 {
		return false
	}
	choosable := func(t types.Type) bool {
		if _, ok := t.Underlying().(*types.Signature); ok {
			return true
		}
		if sdk != nil && sdk(t) {
			return true
		}
		return slices.ContainsFunc(tracedPaths(t, 3, sdk), func(p tracedPath) bool { return p.prop == Dispatches })
	}
	if recv := sig.Recv(); recv != nil && choosable(recv.Type()) {
		return true
	}
	for i := range sig.Params().Len() {
		pt := sig.Params().At(i).Type()
		if sl, ok := pt.(*types.Slice); ok && sig.Variadic() && i == sig.Params().Len()-1 {
			pt = sl.Elem() // functional options
		}
		if choosable(pt) {
			return true
		}
	}
	return false
}

// callsFuncParam reports whether a function of the package calls one of
// its func-valued parameters (a retry helper's attempt, an iterator's
// visitor), or a closure calls an element of a list of funcs its maker was
// given (`for _, r := range readers { r(u) }`, `readers[i](u)`): its fact
// says so, for callers that pass a closure that waits (see
// resolver.dispatch).
func callsFuncParam(pass *analysis.Pass) bool {
	param := func(e ast.Expr) *types.Var {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok && (v.Kind() == types.ParamVar || v.Kind() == types.RecvVar) {
				return v
			}
		}
		return nil
	}
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				if param(n.Fun) != nil && waitingCallback(pass, n) {
					found = true
				}
			case *ast.FuncLit:
				if callsOuterElement(pass, n, param) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// waitingCallback reports whether call calls a func value whose signature
// callbackMayWait accepts.
func waitingCallback(pass *analysis.Pass, call *ast.CallExpr) bool {
	sig, ok := pass.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature)
	return ok && callbackMayWait(sig)
}

// callsOuterElement reports whether the closure lit calls an element of a
// parameter of an enclosing function.
func callsOuterElement(pass *analysis.Pass, lit *ast.FuncLit, param func(ast.Expr) *types.Var) bool {
	outer := func(e ast.Expr) bool {
		v := param(e)
		return v != nil && (v.Pos() < lit.Pos() || v.Pos() >= lit.End())
	}
	elems := make(map[types.Object]bool) // range variables over such a parameter
	found := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.RangeStmt:
			if id, ok := n.Value.(*ast.Ident); ok && outer(n.X) {
				elems[pass.TypesInfo.Defs[id]] = true
			}
		case *ast.CallExpr:
			switch fun := ast.Unparen(n.Fun).(type) {
			case *ast.IndexExpr:
				found = found || outer(fun.X) && waitingCallback(pass, n)
			case *ast.Ident:
				found = found || elems[pass.TypesInfo.Uses[fun]] && waitingCallback(pass, n)
			}
		}
		return !found
	})
	return found
}

// mayTestPresence matches the signature of a helper that may test whether
// a slice holds a value (utils.ContainsString, a generic Contains): a slice
// and a value of its element type in, a bool out.
func mayTestPresence(sig *types.Signature) bool {
	results, params := sig.Results(), sig.Params()
	if results.Len() != 1 || !types.Identical(results.At(0).Type(), types.Typ[types.Bool]) || params.Len() != 2 {
		return false
	}
	slice, ok := params.At(0).Type().Underlying().(*types.Slice)
	return ok && types.Identical(slice.Elem(), params.At(1).Type())
}

// mayTestDeletion matches the signature of a helper that may test whether
// an object is being deleted (k8sutil.IsMarkedForDeletion(obj.ObjectMeta)):
// one object or object meta in, a bool out.
func mayTestDeletion(sig *types.Signature) bool {
	results, params := sig.Results(), sig.Params()
	if results.Len() != 1 || !types.Identical(results.At(0).Type(), types.Typ[types.Bool]) || params.Len() != 1 {
		return false
	}
	t := params.At(0).Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if isNamed(t, metaPkg, "ObjectMeta") || isNamed(t, metaPkg, "Object") || isNamed(t, "sigs.k8s.io/controller-runtime/pkg/client", "Object") {
		return true
	}
	if st, ok := t.Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			if f := st.Field(i); f.Embedded() && isNamed(f.Type(), metaPkg, "ObjectMeta") {
				return true
			}
		}
	}
	return false
}

const metaPkg = "k8s.io/apimachinery/pkg/apis/meta/v1"

// mayTestDeletionMethod matches a method of an object with no parameters
// and a bool result (func (u *User) IsBeingDeleted() bool).
func mayTestDeletionMethod(sig *types.Signature) bool {
	if sig.Recv() == nil || sig.Params().Len() != 0 {
		return false
	}
	return mayTestDeletion(types.NewSignatureType(nil, nil, nil, types.NewTuple(sig.Recv()), sig.Results(), false))
}

// usesDeletionTimestamp reports whether the package reads an object's
// deletion timestamp.
func usesDeletionTimestamp(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		if n := obj.Name(); n == "DeletionTimestamp" || n == "GetDeletionTimestamp" {
			return true
		}
	}
	return false
}

func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

func relevantObject(pass *analysis.Pass, table *model.Table, obj types.Object) bool {
	switch path := model.PkgPath(obj.Pkg()); path {
	case model.ReconcilePkg, model.FinalizerPkg, "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil",
		"sigs.k8s.io/controller-runtime/pkg/controller", "sigs.k8s.io/controller-runtime/pkg/config":
		return true
	case "net/http", "net":
		if obj.Name() == "DefaultClient" || obj.Name() == "Client" || obj.Name() == "Dialer" {
			return true
		}
	case "context":
		return provenanceSources[obj.Name()]
	case "time":
		if v, ok := obj.(*types.Var); ok && v.IsField() && v.Name() == "C" {
			return true // a receive from a timer's or a ticker's channel
		}
	}
	switch obj := obj.(type) {
	case *types.Func:
		if entry := table.Lookup(obj); entry != nil {
			return entry.Kind != model.Bounded
		}
		var summary Summary
		return pass.ImportObjectFact(obj.Origin(), &summary) && !summary.inert()
	case *types.Var:
		var needs FieldNeeds
		return obj.IsField() && pass.ImportObjectFact(obj, &needs)
	case *types.TypeName:
		// ctrl.Result is an alias: what matters is the type it denotes.
		return isNamed(obj.Type(), model.ReconcilePkg, "Result") || isNamed(obj.Type(), model.FinalizerPkg, "Result") ||
			methodsWait(pass, obj.Type())
	}
	return false
}

// methodsWait reports whether a method of the named type t (or of *t), of
// another package, has a fact with an effect that does not wait only on a
// callee its caller chooses. A package that names such a type may convert
// it to an interface (`prov = &vault.GCPCredentialProvider{}`), so that the
// calls through the interface, here or in the callers of a function that
// returns it, run that method: its SSA decides which. A method that only
// calls a func field (a ListWatch's List calls its ListFunc) waits only on
// what the package puts there, which makes the package matter on its own.
func methodsWait(pass *analysis.Pass, t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || types.IsInterface(named) || named.Obj().Pkg() == nil || model.IsStd(model.PkgPath(named.Obj().Pkg())) {
		return false
	}
	mset := types.NewMethodSet(types.NewPointer(named))
	for i := range mset.Len() {
		var summary Summary
		fn, ok := mset.At(i).Obj().(*types.Func)
		if !ok || !pass.ImportObjectFact(fn.Origin(), &summary) {
			continue
		}
		if slices.ContainsFunc(summary.Effects, waitsOnItsOwn) {
			return true
		}
	}
	return false
}

// waitsOnItsOwn reports whether e waits whatever callee its caller chooses:
// it has no dispatch requirement.
func waitsOnItsOwn(e Effect) bool {
	return !slices.ContainsFunc(e.Requires, func(r Requirement) bool { return r.Prop == Dispatches })
}

// provenanceSources are the context functions whose use alone may matter:
// Done, which a select waits on. A context made here (Background,
// WithTimeout) decides something only where it reaches a wait, a callee
// with a fact or a modelled API, each of which makes the package matter on
// its own, or leaves the package in a result, which the check of the
// declared functions' results catches.
var provenanceSources = map[string]bool{"Done": true}
