package blocking

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// displayName names a function the way chains show it: qualified by package
// name, e.g. "(*controllers.BucketReconciler).Reconcile", "cloud.New", and
// "(*controllers.BucketReconciler).Reconcile$1" for a closure inside it.
func displayName(fn *ssa.Function) string {
	top := fn
	for top.Parent() != nil {
		top = top.Parent()
	}
	suffix := strings.TrimPrefix(fn.Name(), top.Name())
	obj, ok := top.Object().(*types.Func)
	if !ok {
		return top.Pkg.Pkg.Name() + "." + fn.Name()
	}
	return shortFuncName(obj) + suffix
}

func shortFuncName(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Pkg().Name() + "." + fn.Name()
	}
	star := ""
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t, star = p.Elem(), "*"
	}
	if named, ok := types.Unalias(t).(*types.Named); ok {
		return "(" + star + named.Obj().Pkg().Name() + "." + named.Obj().Name() + ")." + fn.Name()
	}
	return fn.Name()
}

func declName(decl ast.Decl) *ast.Ident {
	if fd, ok := decl.(*ast.FuncDecl); ok {
		return fd.Name
	}
	return nil
}
