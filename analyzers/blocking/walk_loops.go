package blocking

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

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
	// timesFrom is 1 + the index of the parameter that holds the limit of
	// an enclosing counted loop (for i := 0; i < limit; i++): the callers
	// decide how many times it repeats.
	timesFrom int
	// looped: a loop statement of the function (or a cycle) encloses the
	// code, whether or not it multiplies a wait; a callback's repetition
	// by the API that calls it is not one.
	looped bool
	// loop is the position of the outermost loop statement that encloses
	// the code, when one does.
	loop string
	// capped: a loop that ends at a deadline set before it encloses the
	// code (deadline := time.Now().Add(d); for time.Now().Before(deadline)
	// { ... }): the waits it repeats last d in all, plus one turn. cap is
	// d when known, capFrom 1 + the index of the parameter that holds it;
	// neither, a deadline the walk cannot compute. times and timesFrom
	// count only the loops around that one.
	capped  bool
	cap     time.Duration
	capFrom int
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

// repeatAt says how code at pos in fn, in a block on a cycle of the
// control flow, repeats. Code on a cycle that no loop statement encloses (a
// goto) repeats without a known bound.
func (w *walker) repeatAt(fn *ssa.Function, loops []ast.Node, pos token.Pos) repeat {
	r := repeat{times: 1}
	enclosed := false
	var outside repeat // the counts of the loops around a deadline loop
	for _, loop := range loops {
		if pos < loop.Pos() || pos >= loop.End() {
			continue
		}
		if !enclosed {
			r.loop = w.posString(loop.Pos())
		}
		enclosed = true
		switch loop := loop.(type) {
		case *ast.RangeStmt:
			// A range over a channel waits for its sends; one over an
			// iterator yields what the iterator yields, one turn for all
			// the walk can tell, as a collection.
			switch w.pass.TypesInfo.TypeOf(loop.X).Underlying().(type) {
			case *types.Chan:
				if e, ok := w.bodyExit(fn, loop, loop.Body); ok {
					w.applyExit(fn, e, &r, &outside)
					break
				}
				r.unbounded = true
			case *types.Basic: // for range n
				n, from, ok := w.loopLimit(fn, loop.X, 3)
				switch {
				case ok && from > 0 && r.timesFrom == 0:
					r.timesFrom = from
				case ok && from == 0 && n > 1:
					r.times = timesCount(r.times, n)
				}
			}
		case *ast.ForStmt:
			limit, counted := counterLimit(loop)
			if d, from, ok := w.deadlineGuard(fn, loop); !counted && ok {
				if !r.capped {
					outside = r
					r.capped, r.cap, r.capFrom = true, d, from
				}
				break
			}
			if e, ok := w.bodyExit(fn, loop, loop.Body); !counted && ok {
				w.applyExit(fn, e, &r, &outside)
				break
			}
			if !counted {
				// A loop that a deadline ends (a select whose timer, made
				// before the loop, leaves it) lasts the timer's time: the
				// select reports that, and the waits inside count into it.
				r.unbounded = r.unbounded || w.deadlineSelect(loop) == nil
				break
			}
			// A count the code does not give weighs one turn, as a
			// range over a collection does: the loop ends, and runs its
			// wait at least once when it runs at all.
			n, from, ok := w.loopLimit(fn, limit, 3)
			switch {
			case ok && from > 0 && r.timesFrom == 0:
				r.timesFrom = from
			case ok && from == 0:
				r.times = timesCount(r.times, w.tripCount(loop, n))
			}
		}
	}
	if !enclosed || !pos.IsValid() {
		r.unbounded = true
	}
	if r.capped {
		// The deadline bounds the loops inside it: only those around it
		// multiply.
		r.times, r.timesFrom = outside.times, outside.timesFrom
	}
	r.looped = r.unbounded || r.times > 1 || r.timesFrom > 0 || r.capped
	return r
}

// deadlineGuard reads the condition of a loop that ends at a deadline set
// once before it: `time.Now().Before(deadline)` (or `!time.Now().After`,
// `time.Until(deadline) > 0`) with `deadline := time.Now().Add(d)`, or
// `time.Since(start) < d` with `start := time.Now()`. It returns d when
// the walk can compute it, else the parameter that holds it (from); ok
// with neither is a deadline of a length out of sight, a bound all the
// same.
func (w *walker) deadlineGuard(fn *ssa.Function, loop *ast.ForStmt) (d time.Duration, from int, ok bool) {
	if loop.Cond == nil {
		return 0, 0, false
	}
	info := w.pass.TypesInfo
	at := func(e ast.Expr) (ast.Expr, bool) { return w.deadlineLength(fn, e, loop) }
	var limit ast.Expr
	switch cond := ast.Unparen(loop.Cond).(type) {
	case *ast.CallExpr: // time.Now().Before(deadline)
		if sel, ok := cond.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Before" && len(cond.Args) == 1 && w.isNow(fn, sel.X, loop) {
			limit, ok = at(cond.Args[0])
		}
	case *ast.UnaryExpr: // !time.Now().After(deadline)
		call, _ := ast.Unparen(cond.X).(*ast.CallExpr)
		if cond.Op != token.NOT || call == nil || len(call.Args) != 1 {
			break
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "After" && w.isNow(fn, sel.X, loop) {
			limit, ok = at(call.Args[0])
		}
	case *ast.BinaryExpr:
		call, _ := ast.Unparen(cond.X).(*ast.CallExpr)
		if call == nil || len(call.Args) != 1 {
			break
		}
		switch {
		case isTimeFunc(info, call.Fun, "Since") && (cond.Op == token.LSS || cond.Op == token.LEQ) && w.isNow(fn, call.Args[0], loop):
			limit = cond.Y // time.Since(start) < d
		case isTimeFunc(info, call.Fun, "Until") && cond.Op == token.GTR && zeroExpr(w.pass, cond.Y):
			limit, _ = at(call.Args[0]) // time.Until(deadline) > 0
		}
	}
	if limit == nil {
		return 0, 0, false
	}
	if n, from, ok := w.loopLimit(fn, limit, 3); ok {
		return time.Duration(n), from, true
	}
	return 0, 0, true
}

// deadlineLength reads e, a deadline set once before loop, as the length d
// of `deadline := time.Now().Add(d)` (or start.Add(d), start being set to
// time.Now() before the loop; or that call in place of the name).
func (w *walker) deadlineLength(fn *ssa.Function, e ast.Expr, loop ast.Node) (ast.Expr, bool) {
	info := w.pass.TypesInfo
	set, ok := ast.Unparen(e).(*ast.CallExpr)
	if ok {
		// start.Add(d) in place: start must be a name, or the deadline
		// moves with each turn.
		if sel, isSel := set.Fun.(*ast.SelectorExpr); !isSel || !isName(sel.X) {
			return nil, false
		}
	} else {
		id, named := ast.Unparen(e).(*ast.Ident)
		if !named {
			return nil, false
		}
		v, _ := info.Uses[id].(*types.Var)
		if v == nil || v.Pos() >= loop.Pos() {
			return nil, false
		}
		set, ok = ast.Unparen(singleAssignment(fn.Syntax(), info, v)).(*ast.CallExpr)
	}
	if !ok || len(set.Args) != 1 {
		return nil, false
	}
	sel, ok := set.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Add" || !w.isNow(fn, sel.X, loop) {
		return nil, false
	}
	return set.Args[0], true
}

func isName(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.Ident)
	return ok
}

// isNow reports whether e is time.Now(), or a local set once to it before
// loop.
func (w *walker) isNow(fn *ssa.Function, e ast.Expr, loop ast.Node) bool {
	info := w.pass.TypesInfo
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		return len(call.Args) == 0 && isTimeFunc(info, call.Fun, "Now")
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || v.Pos() >= loop.Pos() {
		return false
	}
	set, ok := ast.Unparen(singleAssignment(fn.Syntax(), info, v)).(*ast.CallExpr)
	return ok && len(set.Args) == 0 && isTimeFunc(info, set.Fun, "Now")
}

// isTimeFunc reports whether fun names the function name of package time.
func isTimeFunc(info *types.Info, fun ast.Expr, name string) bool {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	f, ok := info.Uses[sel.Sel].(*types.Func)
	return ok && f.Pkg() != nil && f.Pkg().Path() == "time"
}

// counterLimit is the limit of a counted loop: `for i := a; i < limit; i++`
// (or <=, and `int32(i) < limit`), `for i := limit; i > a; i--` (or >=), or
// `for i := a; ; i++` whose body leaves when i reaches a limit. Any other
// loop waits for a condition.
func counterLimit(loop *ast.ForStmt) (ast.Expr, bool) {
	post, _ := loop.Post.(*ast.IncDecStmt)
	if post == nil {
		return nil, false
	}
	postVar, ok := post.X.(*ast.Ident)
	if !ok {
		return nil, false
	}
	if loop.Cond == nil && post.Tok == token.INC {
		return exitLimit(loop.Body, postVar.Name)
	}
	cond, ok := ast.Unparen(loop.Cond).(*ast.BinaryExpr)
	if !ok {
		return nil, false
	}
	if counter, ok := counterOperand(cond.X); !ok || postVar.Name != counter.Name {
		return nil, false
	}
	switch {
	case post.Tok == token.INC && (cond.Op == token.LSS || cond.Op == token.LEQ):
		return cond.Y, true
	case post.Tok == token.DEC && (cond.Op == token.GTR || cond.Op == token.GEQ):
		if init, ok := loop.Init.(*ast.AssignStmt); ok && len(init.Rhs) == 1 {
			return init.Rhs[0], true
		}
	}
	return nil, false
}

// counterOperand is the counter a loop condition compares: i, or a
// conversion of it (int32(i) < n).
func counterOperand(e ast.Expr) (*ast.Ident, bool) {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if _, isName := ast.Unparen(call.Fun).(*ast.Ident); isName {
			e = ast.Unparen(call.Args[0])
		}
	}
	id, ok := e.(*ast.Ident)
	return id, ok
}

// exitLimit finds, in the body of a loop with no condition, the limit of
// its counter: an if chain at the top level of the body with a branch that
// tests `counter == limit` (or >=, alone or as a term of &&) and leaves the
// loop, that the branches before it cannot keep from (they leave, or test
// `counter < ...`), and, when the test has other terms, whose later
// branches and final else all leave (`if err != nil && i < n { sleep }
// else if err != nil && i == n { return } else { break }`).
func exitLimit(body *ast.BlockStmt, counter string) (ast.Expr, bool) {
	for _, st := range body.List {
		ifs, ok := st.(*ast.IfStmt)
		if !ok {
			continue
		}
		var conds []ast.Expr
		var bodies []*ast.BlockStmt
		var final *ast.BlockStmt
		for chain := ifs; chain != nil; {
			conds, bodies = append(conds, chain.Cond), append(bodies, chain.Body)
			next, _ := chain.Else.(*ast.IfStmt)
			if block, ok := chain.Else.(*ast.BlockStmt); ok {
				final = block
			}
			chain = next
		}
		for k, cond := range conds {
			limit, ok := counterReaches(cond, counter)
			if !ok || !leaves(bodies[k]) {
				continue
			}
			bounded := true
			for j := range k {
				if !leaves(bodies[j]) && !hasTerm(conds[j], counter, token.LSS) {
					bounded = false
				}
			}
			if bin := ast.Unparen(cond).(*ast.BinaryExpr); bin.Op == token.LAND {
				// The test may fail at the limit: what follows must leave.
				for j := k + 1; j < len(bodies); j++ {
					bounded = bounded && leaves(bodies[j])
				}
				bounded = bounded && leaves(final)
			}
			if bounded {
				return limit, true
			}
		}
	}
	return nil, false
}

// hasTerm reports whether cond, or a term of it joined by &&, compares
// counter with op (i < n).
func hasTerm(cond ast.Expr, counter string, op token.Token) bool {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if bin.Op == token.LAND {
		return hasTerm(bin.X, counter, op) || hasTerm(bin.Y, counter, op)
	}
	id, ok := counterOperand(bin.X)
	return ok && bin.Op == op && id.Name == counter
}

// counterReaches reads `counter == limit` or `counter >= limit` in cond,
// alone or as a term of &&.
func counterReaches(cond ast.Expr, counter string) (ast.Expr, bool) {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil, false
	}
	switch bin.Op {
	case token.LAND:
		if l, ok := counterReaches(bin.X, counter); ok {
			return l, true
		}
		return counterReaches(bin.Y, counter)
	case token.EQL, token.GEQ, token.GTR:
		if id, ok := counterOperand(bin.X); ok && id.Name == counter {
			return bin.Y, true
		}
	}
	return nil, false
}

// leaves reports whether a block ends by leaving the loop: a return or a
// break as its last statement.
func leaves(b *ast.BlockStmt) bool {
	if b == nil || len(b.List) == 0 {
		return false
	}
	switch last := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return last.Tok == token.BREAK && last.Label == nil
	}
	return false
}

// tripCount is the number of turns of a counted loop whose limit is n:
// n - a for `for i := a; i < n; i++`, n for a countdown.
func (w *walker) tripCount(loop *ast.ForStmt, n int64) int64 {
	cond, _ := ast.Unparen(loop.Cond).(*ast.BinaryExpr)
	if cond != nil && (cond.Op == token.GTR || cond.Op == token.GEQ) {
		return max(n, 1)
	}
	start := int64(0)
	if init, ok := loop.Init.(*ast.AssignStmt); ok && len(init.Rhs) == 1 {
		if v, ok := w.constInt(init.Rhs[0]); ok {
			start = v
		}
	}
	n -= start
	if cond == nil || cond.Op == token.LEQ { // an exit at i == n runs n+1 turns
		n++
	}
	return max(n, 1)
}

// loopLimit evaluates a counted loop's limit: a constant, len(x) (counted
// once, as a range over x), a field the program stores constants into (see
// FieldConstants), a conversion of one of those, a local set once from one,
// a sum (at least its known part), or a parameter of fn (from: 1 + its
// index), which the callers decide.
func (w *walker) loopLimit(fn *ssa.Function, e ast.Expr, depth int) (n int64, from int, ok bool) {
	e = ast.Unparen(e)
	if n, ok := w.constInt(e); ok {
		return n, 0, true
	}
	info := w.pass.TypesInfo
	switch e := e.(type) {
	case *ast.BinaryExpr:
		// waitLimitSec + gracePeriodSec: at least the part that is known,
		// the other being a count or a delay that is not negative.
		if e.Op == token.ADD && depth > 0 {
			x, xFrom, xOK := w.loopLimit(fn, e.X, depth-1)
			y, yFrom, yOK := w.loopLimit(fn, e.Y, depth-1)
			xOK, yOK = xOK && xFrom == 0, yOK && yFrom == 0
			switch {
			case xOK && yOK:
				return x + y, 0, true
			case xOK && x > 0:
				return x, 0, true
			case yOK && y > 0:
				return y, 0, true
			}
		}
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); ok && info.Uses[id] == types.Universe.Lookup("len") {
			return 1, 0, true
		}
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 && depth > 0 {
			return w.loopLimit(fn, e.Args[0], depth-1)
		}
	case *ast.SelectorExpr:
		if n, ok := w.fields.of(selectedFieldKey(info, e)); ok {
			return n, 0, true
		}
	case *ast.Ident:
		v, _ := info.Uses[e].(*types.Var)
		if v == nil {
			break
		}
		for i, p := range fn.Params {
			if p.Object() == v {
				return 0, i + 1, true
			}
		}
		if set := singleAssignment(fn.Syntax(), info, v); set != nil && depth > 0 {
			return w.loopLimit(fn, set, depth-1)
		}
	}
	return 0, 0, false
}

// singleAssignment is the value of `v := value` when that is the only
// assignment to the local v in body, else nil.
func singleAssignment(body ast.Node, info *types.Info, v *types.Var) ast.Expr {
	if body == nil {
		return nil
	}
	var value ast.Expr
	assigned := 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := lhs.(*ast.Ident)
				if !ok || info.ObjectOf(id) != v {
					continue
				}
				assigned++
				if n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) {
					value = n.Rhs[i]
				}
			}
		case *ast.IncDecStmt:
			if id, ok := n.X.(*ast.Ident); ok && info.ObjectOf(id) == v {
				assigned++
			}
		case *ast.UnaryExpr:
			if id, ok := n.X.(*ast.Ident); ok && n.Op == token.AND && info.ObjectOf(id) == v {
				assigned++ // its address escapes: anything may set it
			}
		}
		return true
	})
	if assigned != 1 {
		return nil
	}
	return value
}

func (w *walker) constInt(e ast.Expr) (int64, bool) {
	tv, ok := w.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

// loopDeadline is the case of a select that ends its loop at a deadline:
// its index among the select's states, and, for a ctx's Done, the loop
// statement and how the select's other receives read (the poll's name).
type loopDeadline struct {
	state int
	ctx   bool
	loop  ast.Node
	sink  string
}

// deadlineSelects maps the position of each select that ends its loop at
// a deadline to the case that does: a timer's (see deadlineSelect), or a
// ctx's Done (see ctxDeadlineSelect).
func (w *walker) deadlineSelects(loops []ast.Node) map[token.Pos]loopDeadline {
	var out map[token.Pos]loopDeadline
	for _, loop := range loops {
		loop, ok := loop.(*ast.ForStmt)
		if !ok {
			continue
		}
		if _, counted := counterLimit(loop); counted {
			continue
		}
		ctx := false
		sel := w.deadlineSelect(loop)
		if sel == nil {
			sel, ctx = w.ctxDeadlineSelect(loop), true
		}
		if sel == nil {
			continue
		}
		if out == nil {
			out = make(map[token.Pos]loopDeadline)
		}
		d := loopDeadline{state: -1, ctx: ctx, loop: loop}
		i := 0
		for _, c := range sel.Body.List {
			clause := c.(*ast.CommClause)
			if clause.Comm == nil {
				continue // default has no state
			}
			switch {
			case d.state < 0 && !ctx && w.beforeLoopTimer(clause.Comm, loop) && endsInReturn(clause.Body),
				d.state < 0 && ctx && w.beforeLoopDone(clause.Comm, loop) && endsInReturn(clause.Body):
				d.state = i
			case d.sink == "":
				if recv := received(clause.Comm); recv != nil && isTimeChan(w.pass.TypesInfo.TypeOf(recv)) {
					d.sink = "<-" + types.ExprString(recv)
				}
			}
			i++
		}
		out[sel.Select] = d
	}
	return out
}

// ctxDeadlineSelect is the select of loop's body that ends the loop when a
// ctx made before the loop is done, and that otherwise waits on a timer
// (`for { select { case <-ctx.Done(): return err; case <-tick.C: ... } }`):
// a poll that lasts until the ctx's deadline.
func (w *walker) ctxDeadlineSelect(loop *ast.ForStmt) *ast.SelectStmt {
	return firstSelect(loop, func(sel *ast.SelectStmt) bool {
		done, timer := false, false
		for _, c := range sel.Body.List {
			clause := c.(*ast.CommClause)
			if w.beforeLoopDone(clause.Comm, loop) && endsInReturn(clause.Body) {
				done = true
			} else if recv := received(clause.Comm); recv != nil && isTimeChan(w.pass.TypesInfo.TypeOf(recv)) {
				timer = true
			}
		}
		return done && timer
	})
}

// beforeLoopDone: comm receives from ctx.Done() of a ctx held in a variable
// declared before loop.
func (w *walker) beforeLoopDone(comm ast.Stmt, loop *ast.ForStmt) bool {
	call, ok := ast.Unparen(received(comm)).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Done" || !isContext(w.pass.TypesInfo.TypeOf(sel.X)) {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return false
	}
	obj := w.pass.TypesInfo.ObjectOf(id)
	return obj != nil && obj.Pos() < loop.Pos()
}

// received is the channel a select case's comm receives from, or nil.
func received(comm ast.Stmt) ast.Expr {
	var recv ast.Expr
	switch comm := comm.(type) {
	case *ast.ExprStmt:
		recv = comm.X
	case *ast.AssignStmt:
		if len(comm.Rhs) == 1 {
			recv = comm.Rhs[0]
		}
	}
	if u, ok := ast.Unparen(recv).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		return u.X
	}
	return nil
}

// deadlineSelect is the select of loop's body that ends the loop when a
// timer made before the loop fires (`done := time.NewTimer(limit); for {
// select { case <-done.C: return errTimeout; case <-tick.C: ... } }`): the
// loop's deadline. A timer made in the loop bounds one turn, not the loop.
func (w *walker) deadlineSelect(loop *ast.ForStmt) *ast.SelectStmt {
	return firstSelect(loop, func(sel *ast.SelectStmt) bool { return w.leavesAtDeadline(sel, loop) })
}

// firstSelect is the first select of loop's body (outside func literals)
// that match accepts, or nil.
func firstSelect(loop *ast.ForStmt, match func(*ast.SelectStmt) bool) *ast.SelectStmt {
	var found *ast.SelectStmt
	ast.Inspect(loop.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectStmt:
			if found == nil && match(n) {
				found = n
			}
		}
		return found == nil
	})
	return found
}

// leavesAtDeadline reports whether a case of sel receives from a timer
// channel held in a variable declared before loop, and returns.
func (w *walker) leavesAtDeadline(sel *ast.SelectStmt, loop *ast.ForStmt) bool {
	for _, c := range sel.Body.List {
		clause := c.(*ast.CommClause)
		if ch := w.beforeLoopTimer(clause.Comm, loop); ch && endsInReturn(clause.Body) {
			return true
		}
	}
	return false
}

// beforeLoopTimer: comm receives from a time channel (t.C, or what
// time.After returned) through a variable declared before loop.
func (w *walker) beforeLoopTimer(comm ast.Stmt, loop *ast.ForStmt) bool {
	recv := received(comm)
	if recv == nil || !isTimeChan(w.pass.TypesInfo.TypeOf(recv)) {
		return false
	}
	x := ast.Unparen(recv)
	if sel, ok := x.(*ast.SelectorExpr); ok {
		x = sel.X
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	obj := w.pass.TypesInfo.ObjectOf(id)
	return obj != nil && obj.Pos() < loop.Pos()
}

// endsInReturn reports whether stmts end in a return: the case leaves its
// loop whenever it runs. A case that returns only under a condition (a
// ticker's `if ready() { return nil }`) is a turn of the loop, not its end.
func endsInReturn(stmts []ast.Stmt) bool {
	if len(stmts) == 0 {
		return false
	}
	_, ok := stmts[len(stmts)-1].(*ast.ReturnStmt)
	return ok
}
