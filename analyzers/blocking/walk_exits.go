package blocking

import (
	"go/ast"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/ssa"
)

// An exit is a limit that a loop's body states instead of its header: a
// statement at the top level of the body, `if <test> { return ... }` (or
// break), whose test, alone or as a term of ||, says that a deadline set
// before the loop has passed or that a counter the body steps once a turn
// has reached a limit:
//
//	deadline := time.Now().Add(time.Minute)
//	for {
//		if time.Now().After(deadline) { return errTimeout }
//		...
//	}
//
//	for range ticker.C {
//		retries++
//		if retries >= 1000 { return errGaveUp }
//		...
//	}
//
// A continue before the test (or before the counter's step) could skip it
// on every turn: then the body states no limit.
type exit struct {
	// deadline: the loop ends at a deadline; length is its expression.
	deadline bool
	length   ast.Expr
	// otherwise a counter: the loop runs at most limit - start turns.
	limit ast.Expr
	start int64
}

// bodyExit finds the exit of loop, whose body is body.
func (w *walker) bodyExit(fn *ssa.Function, loop ast.Node, body *ast.BlockStmt) (exit, bool) {
	info := w.pass.TypesInfo
	for i, st := range body.List {
		ifs, ok := st.(*ast.IfStmt)
		if !ok || ifs.Init != nil || !leaves(ifs.Body) || continuesBefore(body.List[:i]) {
			continue
		}
		if length, ok := w.passedDeadline(fn, ifs.Cond, loop); ok {
			return exit{deadline: true, length: length}, true
		}
		counter, limit, ok := reachedCount(info, ifs.Cond)
		if !ok || counter.Pos() >= loop.Pos() {
			continue
		}
		step := steppedAt(info, body.List, counter)
		if step < 0 || continuesBefore(body.List[:step]) || !onlyStepped(info, body, counter, body.List[step]) {
			continue
		}
		start := int64(0)
		if set := declaredValue(fn.Syntax(), info, counter); set != nil {
			if v, ok := w.constInt(set); ok {
				start = v
			}
		}
		return exit{limit: limit, start: start}, true
	}
	return exit{}, false
}

// passedDeadline reads a test that a deadline set before loop has passed:
// time.Now().After(deadline), !time.Now().Before(deadline),
// time.Until(deadline) <= 0 (or < 0), time.Since(start) > d (or >=), alone
// or as a term of ||. It returns the deadline's length.
func (w *walker) passedDeadline(fn *ssa.Function, cond ast.Expr, loop ast.Node) (ast.Expr, bool) {
	info := w.pass.TypesInfo
	switch cond := ast.Unparen(cond).(type) {
	case *ast.CallExpr: // time.Now().After(deadline)
		if sel, ok := cond.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "After" && len(cond.Args) == 1 && w.isNow(fn, sel.X, loop) {
			return w.deadlineLength(fn, cond.Args[0], loop)
		}
	case *ast.UnaryExpr: // !time.Now().Before(deadline)
		call, _ := ast.Unparen(cond.X).(*ast.CallExpr)
		if cond.Op != token.NOT || call == nil || len(call.Args) != 1 {
			break
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Before" && w.isNow(fn, sel.X, loop) {
			return w.deadlineLength(fn, call.Args[0], loop)
		}
	case *ast.BinaryExpr:
		if cond.Op == token.LOR {
			if d, ok := w.passedDeadline(fn, cond.X, loop); ok {
				return d, true
			}
			return w.passedDeadline(fn, cond.Y, loop)
		}
		call, _ := ast.Unparen(cond.X).(*ast.CallExpr)
		if call == nil || len(call.Args) != 1 {
			break
		}
		switch {
		case isTimeFunc(info, call.Fun, "Since") && (cond.Op == token.GTR || cond.Op == token.GEQ) && w.isNow(fn, call.Args[0], loop):
			return cond.Y, true
		case isTimeFunc(info, call.Fun, "Until") && (cond.Op == token.LEQ || cond.Op == token.LSS) && zeroExpr(w.pass, cond.Y):
			return w.deadlineLength(fn, call.Args[0], loop)
		}
	}
	return nil, false
}

// reachedCount reads `counter >= limit` (or ==, >) in cond, alone or as a
// term of ||, counter being a local variable.
func reachedCount(info *types.Info, cond ast.Expr) (*types.Var, ast.Expr, bool) {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil, nil, false
	}
	switch bin.Op {
	case token.LOR:
		if v, limit, ok := reachedCount(info, bin.X); ok {
			return v, limit, true
		}
		return reachedCount(info, bin.Y)
	case token.EQL, token.GEQ, token.GTR:
		id, ok := counterOperand(bin.X)
		if !ok {
			return nil, nil, false
		}
		v, _ := info.Uses[id].(*types.Var)
		if v == nil || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
			return nil, nil, false
		}
		return v, bin.Y, true
	}
	return nil, nil, false
}

// steppedAt is the index of the statement of stmts that steps counter by
// one (counter++, counter += 1), else -1.
func steppedAt(info *types.Info, stmts []ast.Stmt, counter *types.Var) int {
	for i, st := range stmts {
		if isStep(info, st, counter) {
			return i
		}
	}
	return -1
}

func isStep(info *types.Info, st ast.Stmt, counter *types.Var) bool {
	switch st := st.(type) {
	case *ast.IncDecStmt:
		id, ok := st.X.(*ast.Ident)
		return ok && st.Tok == token.INC && info.ObjectOf(id) == counter
	case *ast.AssignStmt:
		if st.Tok != token.ADD_ASSIGN || len(st.Lhs) != 1 {
			return false
		}
		id, ok := st.Lhs[0].(*ast.Ident)
		tv := info.Types[st.Rhs[0]]
		return ok && info.ObjectOf(id) == counter && tv.Value != nil && tv.Value.String() == "1"
	}
	return false
}

// onlyStepped reports whether step is the only statement of body that sets
// counter, and nothing takes its address.
func onlyStepped(info *types.Info, body *ast.BlockStmt, counter *types.Var, step ast.Stmt) bool {
	only := true
	ast.Inspect(body, func(n ast.Node) bool {
		if n == step {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && info.ObjectOf(id) == counter {
					only = false
				}
			}
		case *ast.IncDecStmt:
			if id, ok := n.X.(*ast.Ident); ok && info.ObjectOf(id) == counter {
				only = false
			}
		case *ast.UnaryExpr:
			if id, ok := n.X.(*ast.Ident); ok && n.Op == token.AND && info.ObjectOf(id) == counter {
				only = false
			}
		}
		return only
	})
	return only
}

// continuesBefore reports whether stmts may start the loop's next turn
// early: a continue (or a goto) that is not inside a loop of their own or
// a func literal. A labeled continue may name the loop: it counts too.
func continuesBefore(stmts []ast.Stmt) bool {
	found := false
	var visit func(n ast.Node, nested bool) bool
	visit = func(n ast.Node, nested bool) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			var body *ast.BlockStmt
			if f, ok := n.(*ast.ForStmt); ok {
				body = f.Body
			} else {
				body = n.(*ast.RangeStmt).Body
			}
			ast.Inspect(body, func(m ast.Node) bool { return m == body || visit(m, true) })
			return false
		case *ast.BranchStmt:
			if n.Tok == token.GOTO || n.Tok == token.CONTINUE && (!nested || n.Label != nil) {
				found = true
			}
		}
		return !found
	}
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool { return visit(n, false) })
	}
	return found
}

// declaredValue is the value a local is declared with (`v := value`, `var
// v T = value`), or nil.
func declaredValue(body ast.Node, info *types.Info, v *types.Var) ast.Expr {
	var value ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE || len(n.Lhs) != len(n.Rhs) {
				break
			}
			for i, lhs := range n.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && info.Defs[id] == v {
					value = n.Rhs[i]
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) != len(n.Values) {
				break
			}
			for i, id := range n.Names {
				if info.Defs[id] == v {
					value = n.Values[i]
				}
			}
		}
		return value == nil
	})
	return value
}

// applyExit bounds r, how code in a loop repeats, by the loop's exit: a
// deadline caps it (outside keeps the counts of the loops around it), a
// counter multiplies it. A limit out of sight is a bound all the same: a
// deadline of unknown length, or a count that weighs one turn.
func (w *walker) applyExit(fn *ssa.Function, e exit, r *repeat, outside *repeat) {
	if e.deadline {
		if r.capped {
			return
		}
		*outside = *r
		r.capped = true
		if n, from, ok := w.loopLimit(fn, e.length, 3); ok {
			r.cap, r.capFrom = time.Duration(n), from
		}
		return
	}
	n, from, ok := w.loopLimit(fn, e.limit, 3)
	switch {
	case ok && from > 0 && r.timesFrom == 0:
		r.timesFrom = from
	case ok && from == 0:
		r.times = timesCount(r.times, max(n-e.start, 1))
	}
}
