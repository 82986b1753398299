package resultconflict

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// requeues is the fact of an exported function (or method) whose Result may
// ask for a requeue, so that a Reconcile in another package that returns it
// (`return helper.ErrorResult(err), err`) is read as well as one of its own.
type requeues struct {
	Result fields // the fields its Result may set
	Pair   fields // the fields its Result may set while its error is not nil
}

func (*requeues) AFact() {}

func (f *requeues) String() string {
	return fmt.Sprintf("requeues(%s/%s)", f.Result.name(), f.Pair.name())
}

// exportFacts reads the return statements of the package's functions that
// return a reconcile.Result. It reads the syntax, not SSA: the blocking
// engine skips the packages that cannot block, and a helper that builds a
// Result is one of those. A Result that is not a composite literal sets no
// field here: facts say what the code shows.
func exportFacts(pass *analysis.Pass) {
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if obj == nil || !obj.Exported() && obj.Signature().Recv() == nil {
				continue
			}
			ri, ei := resultIndexes(obj.Signature())
			if ri < 0 {
				continue
			}
			var fact requeues
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false // its returns are its own
				case *ast.ReturnStmt:
					if len(n.Results) != obj.Signature().Results().Len() {
						return true
					}
					f := literalFields(pass.TypesInfo, n.Results[ri])
					fact.Result |= f
					if ei >= 0 && !isNilExpr(pass.TypesInfo, n.Results[ei]) {
						fact.Pair |= f
					}
				}
				return true
			})
			if fact.Result != 0 {
				pass.ExportObjectFact(obj, &fact)
			}
		}
	}
}

// literalFields is the set of fields a Result composite literal sets to a
// value that is not a constant zero.
func literalFields(info *types.Info, e ast.Expr) fields {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return 0
	}
	var f fields
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		if tv := info.Types[kv.Value]; tv.Value != nil && (tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value) ||
			tv.Value.Kind() == constant.Int && constant.Sign(tv.Value) == 0) {
			continue
		}
		f |= fieldOf(key.Name)
	}
	return f
}

func isNilExpr(info *types.Info, e ast.Expr) bool {
	return info.Types[e].IsNil()
}
