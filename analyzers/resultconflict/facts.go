package resultconflict

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// requeues is the fact of an exported function (or method) whose Result may
// ask for a requeue, so that a Reconcile in another package that returns it
// (`return helper.ErrorResult(err), err`) is read as well as one of its own.
type requeues struct {
	Result fields // the fields its Result may set
	Pair   fields // the fields its Result may set while its error is not nil
	// PairAt are the returns that pair them ("dir/file.go:N", at most
	// maxPairAt): the findings of the importers name them, since the fix
	// goes there.
	PairAt []string `json:",omitempty"`
}

const maxPairAt = 3

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
			var stack []ast.Node // from the body down to n
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if n == nil {
					stack = stack[:len(stack)-1]
					return true
				}
				stack = append(stack, n)
				switch n := n.(type) {
				case *ast.FuncLit:
					stack = stack[:len(stack)-1]
					return false // its returns are its own
				case *ast.ReturnStmt:
					if len(n.Results) != obj.Signature().Results().Len() {
						return true
					}
					f := literalFields(pass.TypesInfo, n.Results[ri])
					fact.Result |= f
					if ei >= 0 && f != 0 && !isNilExpr(pass.TypesInfo, n.Results[ei]) && !checkedNil(pass.TypesInfo, stack, n.Results[ei]) {
						fact.Pair |= f
						if len(fact.PairAt) < maxPairAt {
							fact.PairAt = append(fact.PairAt, shortPos(pass.Fset.Position(n.Pos())))
						}
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

// checkedNil reports whether e, the error a return statement returns (the
// last node of stack), is a variable that an earlier statement of an
// enclosing block found nil and left on (`if err != nil { return ... }`),
// with no assignment to it in between: `return ctrl.Result{RequeueAfter:
// d}, err` after the check pairs nothing.
func checkedNil(info *types.Info, stack []ast.Node, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	child := stack[len(stack)-1]
	for i := len(stack) - 2; i >= 0; i-- {
		var list []ast.Stmt
		switch n := stack[i].(type) {
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		case *ast.ForStmt, *ast.RangeStmt:
			if assigns(info, n, v) {
				return false // the next turn may reach the return with another value
			}
		case *ast.IfStmt:
			if n.Init != nil && assigns(info, n.Init, v) {
				return false
			}
		case *ast.SwitchStmt:
			if n.Init != nil && assigns(info, n.Init, v) {
				return false
			}
		}
		// The statements before the one that holds the return, nearest
		// first (none when n is not a block).
		k := slices.IndexFunc(list, func(s ast.Stmt) bool { return ast.Node(s) == child })
		for k--; k >= 0; k-- {
			if leavesUnlessNil(info, list[k], v) {
				return true
			}
			if assigns(info, list[k], v) {
				return false
			}
		}
		child = stack[i]
	}
	return false
}

// leavesUnlessNil reports whether s is `if v != nil { ...; return }`.
func leavesUnlessNil(info *types.Info, s ast.Stmt, v *types.Var) bool {
	is, ok := s.(*ast.IfStmt)
	if !ok || is.Else != nil || is.Init != nil || len(is.Body.List) == 0 {
		return false
	}
	cond, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.NEQ {
		return false
	}
	x, y := ast.Unparen(cond.X), ast.Unparen(cond.Y)
	if isNilExpr(info, x) {
		x, y = y, x
	}
	id, ok := x.(*ast.Ident)
	if !ok || info.Uses[id] != v || !isNilExpr(info, y) {
		return false
	}
	_, ret := is.Body.List[len(is.Body.List)-1].(*ast.ReturnStmt)
	return ret
}

// assigns reports whether n may store into v: an assignment or a
// declaration of it, or its address taken.
func assigns(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && (info.Uses[id] == v || info.Defs[id] == v) {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// shortPos is a position as the findings print it: "dir/file.go:N".
func shortPos(p token.Position) string {
	return fmt.Sprintf("%s/%s:%d", filepath.Base(filepath.Dir(p.Filename)), filepath.Base(p.Filename), p.Line)
}
