package blocking

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// loopBlocks reports, by block index, which blocks of fn lie on a cycle of
// its control-flow graph: code there may run many times.
func loopBlocks(fn *ssa.Function) []bool {
	inLoop := make([]bool, len(fn.Blocks))
	succ := func(i int) []int {
		var s []int
		for _, b := range fn.Blocks[i].Succs {
			s = append(s, b.Index)
		}
		return s
	}
	for _, component := range stronglyConnected(len(fn.Blocks), succ) {
		if len(component) > 1 {
			for _, i := range component {
				inLoop[i] = true
			}
			continue
		}
		for _, s := range succ(component[0]) {
			if s == component[0] {
				inLoop[s] = true
			}
		}
	}
	return inLoop
}

// repeat says how often code may run again in the loops that enclose it.
type repeat struct {
	// unbounded: a loop that waits for a condition (for cond {}, for {}, a
	// range over a channel or an iterator) encloses it.
	unbounded bool
	// times is the product of the constant trip counts of the enclosing
	// loops (for i := 0; i < 10; i++); a range over a collection gives each
	// element one turn and counts once, as a reviewer weighs it.
	times int64
}

// loopsOf lists the loop statements of fn's own body, outermost first; the
// bodies of func literals are closures of their own.
func loopsOf(fn *ssa.Function) []ast.Node {
	body := fn.Syntax()
	if body == nil {
		return nil
	}
	var loops []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return n == body
		case *ast.ForStmt, *ast.RangeStmt:
			loops = append(loops, n)
		}
		return true
	})
	return loops
}

// repeatAt says how code at pos, in a block on a cycle of the control flow,
// repeats. Code on a cycle that no loop statement encloses (a goto) repeats
// without a known bound.
func (w *walker) repeatAt(loops []ast.Node, pos token.Pos) repeat {
	r := repeat{times: 1}
	enclosed := false
	for _, loop := range loops {
		if pos < loop.Pos() || pos >= loop.End() {
			continue
		}
		enclosed = true
		switch loop := loop.(type) {
		case *ast.RangeStmt:
			switch w.pass.TypesInfo.TypeOf(loop.X).Underlying().(type) {
			case *types.Chan, *types.Signature:
				r.unbounded = true
			case *types.Basic: // for range 10
				if n, ok := w.constInt(loop.X); ok && n > 1 {
					r.times *= n
				}
			}
		case *ast.ForStmt:
			if n, ok := w.tripCount(loop); ok {
				r.times *= n
			} else {
				r.unbounded = true
			}
		}
	}
	if !enclosed || !pos.IsValid() {
		r.unbounded = true
	}
	return r
}

// tripCount is the number of turns of `for i := a; i < b; i++`: b - a for
// constant bounds, 1 for a loop over len(x), as a range over x. It reports
// false for any other loop.
func (w *walker) tripCount(loop *ast.ForStmt) (int64, bool) {
	cond, ok := loop.Cond.(*ast.BinaryExpr)
	post, _ := loop.Post.(*ast.IncDecStmt)
	if !ok || post == nil || post.Tok != token.INC || cond.Op != token.LSS && cond.Op != token.LEQ {
		return 0, false
	}
	if call, ok := cond.Y.(*ast.CallExpr); ok {
		if id, ok := call.Fun.(*ast.Ident); ok && w.pass.TypesInfo.Uses[id] == types.Universe.Lookup("len") {
			return 1, true
		}
	}
	limit, ok := w.constInt(cond.Y)
	if !ok {
		return 0, false
	}
	start := int64(0)
	if init, ok := loop.Init.(*ast.AssignStmt); ok && len(init.Rhs) == 1 {
		if v, ok := w.constInt(init.Rhs[0]); ok {
			start = v
		}
	}
	n := limit - start
	if cond.Op == token.LEQ {
		n++
	}
	return max(n, 1), true
}

func (w *walker) constInt(e ast.Expr) (int64, bool) {
	tv, ok := w.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}
