package resultconflict

import (
	"go/constant"
	"go/token"
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// fields is a set of the Result fields that ask for a requeue.
type fields uint8

const (
	requeue fields = 1 << iota
	requeueAfter
)

// name is the field a message names: RequeueAfter when both may be set.
func (f fields) name() string {
	switch {
	case f&requeueAfter != 0:
		return "RequeueAfter"
	case f&requeue != 0:
		return "Requeue"
	}
	return ""
}

func fieldOf(name string) fields {
	switch name {
	case "Requeue":
		return requeue
	case "RequeueAfter":
		return requeueAfter
	}
	return 0
}

// summary is what a function returning a Result may hand back.
type summary struct {
	result fields // the fields its Result may set
	pair   fields // the fields its Result may set while its error may be non-nil
}

// summarize reads the returns of a function of this package. A recursive
// call sees the empty summary: it adds no path that the function does not
// already have.
func (c *checker) summarize(fn *ssa.Function) summary {
	if s, ok := c.summaries[fn]; ok {
		return s
	}
	c.summaries[fn] = summary{}
	ri, ei := resultIndexes(fn.Signature)
	var s summary
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || ri < 0 || b == fn.Recover {
			continue
		}
		results := ssaflow.Returned(ret, ri)
		if ei < 0 {
			s.result |= c.mayAt(results, nil, b)
			continue
		}
		errs := ssaflow.Returned(ret, ei)
		s.result |= c.mayAt(results, nil, b)
		if !allNil(errs, b) {
			s.pair |= c.mayAt(results, errs, b)
		}
	}
	c.summaries[fn] = s
	return s
}

// resultIndexes returns the index of a function's first reconcile.Result
// result and of its trailing error result, -1 when it has none.
func resultIndexes(sig *types.Signature) (ri, ei int) {
	ri, ei = -1, -1
	res := sig.Results()
	for i := 0; i < res.Len(); i++ {
		if ri < 0 && isResult(res.At(i).Type()) {
			ri = i
		}
	}
	if n := res.Len(); n > 0 && types.Identical(res.At(n-1).Type(), types.Universe.Lookup("error").Type()) {
		ei = n - 1
	}
	return ri, ei
}

func isResult(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	return ok && named.Obj().Name() == "Result" && model.PkgPath(named.Obj().Pkg()) == model.ReconcilePkg
}

// callee summarizes the function a call statically calls: from its code
// when it is in this package, from its fact when it is imported.
func (c *checker) callee(call *ssa.Call) summary {
	if fn := c.local(call); fn != nil {
		return c.summarize(fn)
	}
	fn := call.Call.StaticCallee()
	if fn == nil {
		return summary{}
	}
	if orig := fn.Origin(); orig != nil {
		fn = orig
	}
	obj, _ := fn.Object().(*types.Func)
	var fact requeues
	if obj == nil || !c.pass.ImportObjectFact(obj, &fact) {
		return summary{}
	}
	return summary{result: fact.Result, pair: fact.Pair}
}

// pairedAt names the imported function call statically calls and the
// returns its fact says pair a Result with an error.
func (c *checker) pairedAt(call *ssa.Call) (string, []string) {
	fn := call.Call.StaticCallee()
	if fn == nil || c.local(call) != nil {
		return "", nil
	}
	if orig := fn.Origin(); orig != nil {
		fn = orig
	}
	obj, _ := fn.Object().(*types.Func)
	var fact requeues
	if obj == nil || !c.pass.ImportObjectFact(obj, &fact) {
		return "", nil
	}
	return c.result.Frame(fn, token.NoPos).Func, fact.PairAt
}

// mayAt is the set of fields the Results in values may set at block b:
// what their values may set, less what a test that b runs behind found
// zero (`if res.RequeueAfter == 0 { return res, err }`). errs, when given,
// are the errors returned beside them: a Result that comes from the call
// the one error comes from (res, err := helper(); ...; return res, err)
// sets only what that call pairs with an error, not all it may set.
func (c *checker) mayAt(values, errs []ssa.Value, b *ssa.BasicBlock) fields {
	var err ssa.Value
	if len(errs) == 1 {
		err = errs[0]
	}
	outer := c.errNilIn
	defer func() { c.errNilIn = outer }()
	c.errNilIn = nil
	if len(errs) > 0 {
		c.errNilIn = errNilThrough(errs, b)
	}
	var f fields
	for _, v := range values {
		f |= c.may(v, err, map[ssa.Value]bool{}) &^ zeroHere(v, b, readAt(v, b))
	}
	return f
}

// may is the set of fields a Result value may set, while the error err
// (nil when none is paired) is returned beside it. A value the check cannot
// follow (a parameter, a field of a struct, the result of a call it cannot
// summarize) sets none: the check reports what it can show.
func (c *checker) may(v ssa.Value, err ssa.Value, seen map[ssa.Value]bool) fields {
	if seen[v] {
		return 0
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Phi:
		var f fields
		for _, edge := range v.Edges {
			f |= c.may(edge, err, seen)
		}
		return f
	case *ssa.UnOp:
		if alloc, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			return c.slot(alloc, v.Block(), index(v), 0, err, seen, map[slotKey]bool{})
		}
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			if ri, ei := resultIndexes(call.Call.Signature()); ri == v.Index {
				if e, ok := err.(*ssa.Extract); ok && e.Tuple == v.Tuple && e.Index == ei {
					return c.callee(call).pair
				}
				return c.callee(call).result
			}
		}
	case *ssa.Call:
		if isResult(v.Type()) {
			return c.callee(v).result
		}
	}
	return 0
}

type slotKey struct {
	b       *ssa.BasicBlock
	decided fields
}

// slot is the set of fields the Result in alloc may set when the
// instruction at index before of b reads it: the stores that reach that
// read on some path, walked back to the last store of the whole value or to
// the allocation, which zeroes it. decided holds the fields a later store
// on the path already wrote. A store into a field that b runs only after a
// test found set (`if res.RequeueAfter > 0 { res.RequeueAfter = max }`)
// changes a delay, it does not ask for one: what the Result held before
// tells.
func (c *checker) slot(alloc *ssa.Alloc, b *ssa.BasicBlock, before int, decided fields, err ssa.Value, seen map[ssa.Value]bool, visited map[slotKey]bool) fields {
	var f fields
	for j := before - 1; j >= 0; j-- {
		switch instr := b.Instrs[j].(type) {
		case *ssa.Alloc:
			if instr == alloc {
				return f
			}
		case *ssa.Store:
			if instr.Addr == alloc {
				if c.errNilIn != nil && c.errNilIn(b) {
					return f // stored where the error returned is nil
				}
				return f | c.may(instr.Val, err, seen)&^decided
			}
			if fa, ok := instr.Addr.(*ssa.FieldAddr); ok && fa.X == alloc {
				field := fieldOf(structOf(alloc).Field(fa.Field).Name())
				if field&setHere(alloc, b, j) != 0 {
					continue
				}
				if field&decided == 0 && !isZeroConst(instr.Val) && (c.errNilIn == nil || !c.errNilIn(b)) {
					f |= field
				}
				decided |= field
			}
		case ssa.CallInstruction:
			f |= c.writes(instr.Common(), alloc) &^ decided
		}
	}
	if decided == requeue|requeueAfter {
		return f
	}
	for _, p := range b.Preds {
		key := slotKey{p, decided}
		if !visited[key] {
			visited[key] = true
			f |= c.slot(alloc, p, len(p.Instrs), decided, err, seen, visited)
		}
	}
	return f
}

// writes is the set of fields a call may set through the address of the
// Result in alloc that it is passed (`updateRequeueAfter(&res, d)`), when
// the callee is of this package.
func (c *checker) writes(call *ssa.CallCommon, alloc *ssa.Alloc) fields {
	fn := call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg != c.pass.Pkg {
		return 0
	}
	var f fields
	for i, a := range call.Args {
		if a != alloc || i >= len(fn.Params) {
			continue
		}
		for _, ref := range *fn.Params[i].Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			field := fieldOf(structOf(fa.X).Field(fa.Field).Name())
			for _, use := range *fa.Referrers() {
				if st, ok := use.(*ssa.Store); ok && st.Addr == fa && !isZeroConst(st.Val) {
					f |= field
				}
			}
		}
	}
	return f
}

func structOf(ptr ssa.Value) *types.Struct {
	st, _ := ptr.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
	return st
}

func index(instr ssa.Instruction) int {
	for i, in := range instr.Block().Instrs {
		if in == instr {
			return i
		}
	}
	return 0
}

func isZeroConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && (c.Value == nil || c.Value.Kind() == constant.Bool && !constant.BoolVal(c.Value) ||
		c.Value.Kind() == constant.Int && constant.Sign(c.Value) == 0)
}

// zeroHere is the set of fields of the Result v that block b runs only after
// a test found zero: the edge of `res.RequeueAfter == 0` (or <= 0, or the
// else of > 0), or of `!res.Requeue`, that b is dominated by.
func zeroHere(v ssa.Value, b *ssa.BasicBlock, before int) fields {
	return testedHere(v, b, before, true)
}

// setHere is the set of fields of the Result v that block b runs only after
// a test found not zero: the other edges of the tests of zeroHere.
func setHere(v ssa.Value, b *ssa.BasicBlock, before int) fields {
	return testedHere(v, b, before, false)
}

// testedHere is the set of fields of the Result v that block b runs only
// after a test found zero, or not zero when zero is false, up to the
// instruction at index before of b. When v is read from a local, a test
// counts only if no store into that field of the local lies on a path from
// the test to that instruction: `result, err = r.next()` after
// `if result.Requeue || err != nil { return result, err }` makes a new
// Result, that the old test says nothing of.
func testedHere(v ssa.Value, b *ssa.BasicBlock, before int, zero bool) fields {
	var f fields
	for _, d := range b.Parent().Blocks {
		test, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		field, zeroWhen := zeroTest(test.Cond, v)
		if field == 0 {
			continue
		}
		edge := d.Succs[1]
		if zeroWhen == zero {
			edge = d.Succs[0]
		}
		if len(edge.Preds) == 1 && edge.Dominates(b) && !storedBetween(slotOf(v), field, edge, b, before) {
			f |= field
		}
	}
	return f
}

// readAt is the index in b of the read of v, the end of b when v is not
// an instruction of b.
func readAt(v ssa.Value, b *ssa.BasicBlock) int {
	if instr, ok := v.(ssa.Instruction); ok && instr.Block() == b {
		return index(instr)
	}
	return len(b.Instrs)
}

// storedBetween reports whether field of the local alloc (nil when the
// Result is no local) may be written on a path from the start of block
// from, which dominates b, to the instruction at index before of b: a store
// of the whole Result or of the field, or a call that is passed its
// address.
func storedBetween(alloc *ssa.Alloc, field fields, from, b *ssa.BasicBlock, before int) bool {
	if alloc == nil {
		return false
	}
	writes := func(instrs []ssa.Instruction) bool {
		for _, instr := range instrs {
			switch instr := instr.(type) {
			case *ssa.Store:
				if instr.Addr == alloc {
					return true
				}
				if fa, ok := instr.Addr.(*ssa.FieldAddr); ok && fa.X == alloc && fieldOf(structOf(alloc).Field(fa.Field).Name())&field != 0 {
					return true
				}
			case ssa.CallInstruction:
				for _, a := range instr.Common().Args {
					if a == alloc {
						return true
					}
					if fa, ok := a.(*ssa.FieldAddr); ok && fa.X == alloc {
						return true
					}
				}
			}
		}
		return false
	}
	if writes(b.Instrs[:before]) {
		return true
	}
	if b == from {
		// A loop back into b runs all of it after the test.
		return reaches(b, b, from) && writes(b.Instrs)
	}
	// The blocks on the paths from from to b: walking back from b stays
	// among the blocks from dominates until it reaches from.
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Preds...)
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		if writes(p.Instrs) {
			return true
		}
		if p != from {
			stack = append(stack, p.Preds...)
		}
	}
	return false
}

// reaches reports whether b is reached again from to, walking back from the
// predecessors of b without passing from.
func reaches(b, to, from *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Preds...)
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		if p == to {
			return true
		}
		if p != from {
			stack = append(stack, p.Preds...)
		}
	}
	return false
}

// zeroTest matches a condition on a field of the Result v: the field, and
// whether the condition holds (true) or fails (false) when it is zero.
func zeroTest(cond ssa.Value, v ssa.Value) (fields, bool) {
	switch cond := cond.(type) {
	case *ssa.UnOp:
		if cond.Op == token.NOT {
			f, when := zeroTest(cond.X, v)
			return f, !when
		}
		if f := fieldRead(cond, v); f == requeue {
			return f, false
		}
	case *ssa.Field:
		if f := fieldRead(cond, v); f == requeue {
			return f, false
		}
	case *ssa.BinOp:
		x, y, op := cond.X, cond.Y, cond.Op
		if isZeroConst(x) {
			x, y = y, x
			op = mirror(op)
		}
		f := fieldRead(x, v)
		if f == 0 || !isZeroConst(y) {
			return 0, false
		}
		switch op {
		case token.EQL, token.LEQ:
			return f, true
		case token.NEQ, token.GTR:
			return f, false
		}
	}
	return 0, false
}

func mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// fieldRead matches a read of Requeue or RequeueAfter of the Result v:
// v.F of a value, or *(&a.F) when v is read from a.
func fieldRead(x ssa.Value, v ssa.Value) fields {
	switch x := x.(type) {
	case *ssa.Field:
		if st, ok := x.X.Type().Underlying().(*types.Struct); ok && sameResult(x.X, v) {
			return fieldOf(st.Field(x.Field).Name())
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL && sameResult(fa.X, v) {
			return fieldOf(structOf(fa.X).Field(fa.Field).Name())
		}
	}
	return 0
}

// sameResult reports whether a and b are one Result: the same value, or
// reads of (or the address of) the same local.
func sameResult(a, b ssa.Value) bool {
	return a == b || a != nil && slotOf(a) != nil && slotOf(a) == slotOf(b)
}

func slotOf(v ssa.Value) *ssa.Alloc {
	switch v := v.(type) {
	case *ssa.Alloc:
		return v
	case *ssa.UnOp:
		if alloc, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			return alloc
		}
	}
	return nil
}

func allNil(errs []ssa.Value, b *ssa.BasicBlock) bool {
	for _, e := range errs {
		if !ssaflow.NilHere(e, b) {
			return false
		}
	}
	return len(errs) > 0
}

// errNilThrough returns whether the error that the return ending block
// ret hands back (errs, the values that reach it) is known nil on every
// path through a block: the block runs only after a test found it nil,
// the value itself (`if err == nil { res.RequeueAfter = d }; return res,
// err`), or a load of the named result that holds it when no store into
// that result lies between the test and the return (a deferred handler's
// closure captures it). What such a block stores into the Result is
// returned with a nil error: no conflict.
func errNilThrough(errs []ssa.Value, ret *ssa.BasicBlock) func(*ssa.BasicBlock) bool {
	var slot *ssa.Alloc
	if r, ok := ret.Instrs[len(ret.Instrs)-1].(*ssa.Return); ok && len(r.Results) > 0 {
		if load, ok := r.Results[len(r.Results)-1].(*ssa.UnOp); ok && load.Op == token.MUL {
			slot, _ = load.X.(*ssa.Alloc)
		}
	}
	return func(b *ssa.BasicBlock) bool {
		if b.Parent() != ret.Parent() {
			return false
		}
		if allNil(errs, b) {
			return true
		}
		return slot != nil && slotNilThrough(slot, b, ret)
	}
}

// slotNilThrough reports whether b runs only after a test found the value
// loaded from slot nil, and no store into slot (nor a call handed its
// address) lies on a path from that test to ret.
func slotNilThrough(slot *ssa.Alloc, b, ret *ssa.BasicBlock) bool {
	for _, d := range b.Parent().Blocks {
		test, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || d.Succs[0] == d.Succs[1] {
			continue
		}
		cmp, ok := test.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
			continue
		}
		loaded := func(v ssa.Value) bool {
			load, ok := v.(*ssa.UnOp)
			return ok && load.Op == token.MUL && load.X == slot
		}
		nilConst := func(v ssa.Value) bool { k, ok := v.(*ssa.Const); return ok && k.IsNil() }
		if !(loaded(cmp.X) && nilConst(cmp.Y) || loaded(cmp.Y) && nilConst(cmp.X)) {
			continue
		}
		edge := d.Succs[0] // where the comparison holds
		if cmp.Op == token.NEQ {
			edge = d.Succs[1]
		}
		if len(edge.Preds) == 1 && edge.Dominates(b) && !writtenBetween(slot, edge, ret) {
			return true
		}
	}
	return false
}

// writtenBetween reports whether a store into slot, or a call handed its
// address, lies in a block on some path from block from to block to.
func writtenBetween(slot *ssa.Alloc, from, to *ssa.BasicBlock) bool {
	after := reachable(from, func(b *ssa.BasicBlock) []*ssa.BasicBlock { return b.Succs })
	before := reachable(to, func(b *ssa.BasicBlock) []*ssa.BasicBlock { return b.Preds })
	for _, ref := range *slot.Referrers() {
		var writes bool
		switch ref := ref.(type) {
		case *ssa.Store:
			writes = ref.Addr == slot
		case ssa.CallInstruction:
			writes = true
		}
		if writes && after[ref.Block()] && before[ref.Block()] {
			return true
		}
	}
	return false
}

func reachable(start *ssa.BasicBlock, next func(*ssa.BasicBlock) []*ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := map[*ssa.BasicBlock]bool{start: true}
	work := []*ssa.BasicBlock{start}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, n := range next(b) {
			if !seen[n] {
				seen[n] = true
				work = append(work, n)
			}
		}
	}
	return seen
}
