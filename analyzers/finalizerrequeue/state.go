package finalizerrequeue

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

const controllerutilPkg = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

// finalizerHeld computes, for each block of fn, whether the finalizer may
// still be set when the block starts, following every path from fn's entry,
// where it is set (or unknown). It is unset on the edge where a presence test
// fails, after RemoveFinalizer, SetFinalizers or a call that does either, and
// set again after AddFinalizer. A path ends where notDeleting says the
// object is not being deleted: it cannot reach a region of that object.
func (c *checker) finalizerHeld(fn *ssa.Function, notDeleting func(b *ssa.BasicBlock, i int) bool) map[*ssa.BasicBlock]bool {
	in := map[*ssa.BasicBlock]bool{fn.Blocks[0]: true}
	work := []*ssa.BasicBlock{fn.Blocks[0]}
	for _, b := range fn.Blocks {
		if c.changeBefore(b, nil) == added_ {
			work = append(work, b) // the finalizer is set after it, whatever came before
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		switch c.changeBefore(b, nil) {
		case removed:
			continue
		case unchanged:
			if !in[b] {
				continue
			}
		}
		for i, s := range b.Succs {
			if !in[s] && !c.absentOnEdge(b, i) && (notDeleting == nil || !notDeleting(b, i)) {
				in[s] = true
				work = append(work, s)
			}
		}
	}
	return in
}

// change is what a block does to the finalizer.
type change int

const (
	unchanged change = iota
	removed
	added_
)

// heldAt reports whether the finalizer may be set at the instruction stop of
// block b, given held, what finalizerHeld says at the start of blocks.
func (c *checker) heldAt(held map[*ssa.BasicBlock]bool, b *ssa.BasicBlock, stop ssa.Instruction) bool {
	switch c.changeBefore(b, stop) {
	case removed:
		return false
	case added_:
		return true
	}
	return held[b]
}

// changeBefore returns the last change block b makes to the finalizer
// before the instruction stop, or in all of b if stop is nil.
func (c *checker) changeBefore(b *ssa.BasicBlock, stop ssa.Instruction) change {
	last := unchanged
	for _, instr := range b.Instrs {
		if instr == stop {
			break
		}
		switch instr := instr.(type) {
		case *ssa.Go:
		case ssa.CallInstruction:
			if c.callRemoves(instr.Common()) {
				last = removed
			} else if c.callAdds(instr.Common()) {
				last = added_
			} else if ch := c.passedChange(instr.Common()); ch != unchanged {
				last = ch
			}
		case *ssa.Store: // obj.Finalizers = removeString(obj.Finalizers, f)
			if fa, ok := instr.Addr.(*ssa.FieldAddr); ok && fieldName(fa) == "Finalizers" {
				if !keepsFinalizers(instr.Val) {
					last = removed
				} else if isAppend(instr.Val) {
					last = added_
				}
			}
		}
	}
	return last
}

// passedChange is the change that a function of this package, passed to a
// call, makes when the callee runs it: a retry helper runs its closure
// (retry.RetryOnConflict(retry.DefaultRetry, func() error {
// controllerutil.RemoveFinalizer(obj, f); return r.Update(ctx, obj) })),
// and when it gives up, its error is what the caller returns.
func (c *checker) passedChange(call *ssa.CallCommon) change {
	if call.IsInvoke() || call.StaticCallee() == nil {
		return unchanged
	}
	last := unchanged
	for _, arg := range call.Args {
		fn, _ := arg.(*ssa.Function)
		if mc, ok := arg.(*ssa.MakeClosure); ok {
			fn, _ = mc.Fn.(*ssa.Function)
		}
		if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg != c.pass.Pkg || fn.Blocks == nil {
			continue
		}
		if ch := c.funcChange(fn); ch != unchanged {
			last = ch
			if ch == removed {
				return removed
			}
		}
	}
	return last
}

// funcChange is the change fn makes when it runs: removed if it may remove
// a finalizer, else added if it may add one. Memoized: closures nest, and
// finalizerHeld asks again for each block on each pass.
func (c *checker) funcChange(fn *ssa.Function) change {
	if ch, ok := c.changes[fn]; ok {
		return ch
	}
	c.changes[fn] = unchanged // recursion: assume none
	ch := unchanged
	if c.removesFinalizer(fn) {
		ch = removed
	} else {
		for _, b := range fn.Blocks {
			if c.changeBefore(b, nil) == added_ {
				ch = added_
				break
			}
		}
	}
	c.changes[fn] = ch
	return ch
}

// callAdds matches controllerutil.AddFinalizer, SetFinalizers given the
// finalizers with more appended, and a function of another package whose
// fact says it adds one.
func (c *checker) callAdds(call *ssa.CallCommon) bool {
	if call.IsInvoke() {
		return call.Method.Name() == "SetFinalizers" && isAppend(call.Args[0])
	}
	callee := call.StaticCallee()
	if callee == nil {
		return false
	}
	if orig := callee.Origin(); orig != nil {
		callee = orig
	}
	if callee.Name() == "SetFinalizers" && len(call.Args) == 2 {
		return isAppend(call.Args[1])
	}
	if isControllerutil(callee, "AddFinalizer") {
		return true
	}
	if obj, ok := callee.Object().(*types.Func); ok && obj.Pkg() != c.pass.Pkg {
		var fact Returns
		return c.pass.ImportObjectFact(obj, &fact) && fact.AddsFinalizer
	}
	return false
}

// isAppend matches append(obj.GetFinalizers(), ...).
func isAppend(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	b, ok := call.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "append" && isFinalizers(call.Call.Args[0], nil)
}

func (c *checker) callRemoves(call *ssa.CallCommon) bool {
	if call.IsInvoke() {
		return call.Method.Name() == "SetFinalizers" && !keepsFinalizers(call.Args[0])
	}
	callee := call.StaticCallee()
	if callee == nil {
		return false
	}
	if orig := callee.Origin(); orig != nil {
		callee = orig
	}
	if callee.Name() == "SetFinalizers" && len(call.Args) == 2 {
		return !keepsFinalizers(call.Args[1])
	}
	if isControllerutil(callee, "RemoveFinalizer") {
		return true
	}
	if obj, ok := callee.Object().(*types.Func); ok && obj.Pkg() != c.pass.Pkg {
		var fact Returns
		return c.pass.ImportObjectFact(obj, &fact) && fact.RemovesFinalizer
	}
	return c.removesFinalizer(callee)
}

// keepsFinalizers matches a list of finalizers that still holds every one
// it held: the same list, or the list with more appended.
func keepsFinalizers(v ssa.Value) bool {
	if call, ok := v.(*ssa.Call); ok {
		if b, ok := call.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			return isFinalizers(call.Call.Args[0], nil)
		}
	}
	return isFinalizers(v, nil)
}

// removesFinalizer reports whether a function of this package removes a
// finalizer on some path.
func (c *checker) removesFinalizer(fn *ssa.Function) bool {
	if done, ok := c.removes[fn]; ok {
		return done
	}
	c.removes[fn] = false // recursion: assume not
	for _, b := range fn.Blocks {
		if c.changeBefore(b, nil) == removed {
			c.removes[fn] = true
			return true
		}
	}
	return false
}

// absentOnEdge reports whether the finalizer is known absent on the edge
// from b to its i-th successor: b ends with a failed presence test.
func (c *checker) absentOnEdge(b *ssa.BasicBlock, i int) bool {
	test, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	if emptyWhen, ok := noFinalizersTest(test.Cond); ok {
		return (i == 0) == emptyWhen
	}
	presentWhen, ok := c.presenceTest(test.Cond, map[ssa.Value]bool{})
	return ok && (i == 0) != presentWhen
}

// noFinalizersTest matches a test of whether the object holds no finalizer
// at all, `len(obj.GetFinalizers()) > 0` or `len(obj.Finalizers) == 0`
// (0 on either side, or 1 with < and >=): on the edge where the list is
// empty, the finalizer is gone. The other edge proves nothing of which
// finalizers are held.
func noFinalizersTest(cond ssa.Value) (emptyWhen, ok bool) {
	bin, ok := cond.(*ssa.BinOp)
	if !ok {
		return false, false
	}
	op, x, y := bin.Op, bin.X, bin.Y
	if _, isLen := finalizersLen(y); isLen {
		// 0 < len(f) reads as len(f) > 0.
		x, y = y, x
		switch op {
		case token.LSS:
			op = token.GTR
		case token.GTR:
			op = token.LSS
		case token.LEQ:
			op = token.GEQ
		case token.GEQ:
			op = token.LEQ
		}
	}
	if _, isLen := finalizersLen(x); !isLen {
		return false, false
	}
	k, isConst := y.(*ssa.Const)
	if !isConst || k.Value == nil || k.Value.Kind() != constant.Int {
		return false, false
	}
	n, exact := constant.Int64Val(k.Value)
	if !exact {
		return false, false
	}
	switch {
	case n == 0 && (op == token.GTR || op == token.NEQ):
		return false, true
	case n == 0 && (op == token.EQL || op == token.LEQ):
		return true, true
	case n == 1 && op == token.GEQ:
		return false, true
	case n == 1 && op == token.LSS:
		return true, true
	}
	return false, false
}

// finalizersLen matches len(finalizers).
func finalizersLen(v ssa.Value) (ssa.Value, bool) {
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, false
	}
	if b, isBuiltin := call.Call.Value.(*ssa.Builtin); !isBuiltin || b.Name() != "len" || len(call.Call.Args) != 1 {
		return nil, false
	}
	return call.Call.Args[0], isFinalizers(call.Call.Args[0], nil)
}

// presenceTest matches the tests of whether a finalizer is set:
// controllerutil.ContainsFinalizer(obj, f), slices.Contains(obj.GetFinalizers(), f),
// sets.New(obj.Finalizers...).Has(f), a flag set in a loop over the
// finalizers where an element equals f, a helper of this package that
// returns true only where an element of the finalizers (or of its slice
// parameter, given the finalizers) equals its argument, and negations.
func (c *checker) presenceTest(cond ssa.Value, seen map[ssa.Value]bool) (presentWhen, ok bool) {
	switch v := cond.(type) {
	case *ssa.UnOp:
		if v.Op == token.NOT {
			when, ok := c.presenceTest(v.X, seen)
			return !when, ok
		}
	case *ssa.Phi:
		return true, c.foundInLoop(v, search{}, seen)
	case *ssa.Call:
		return true, c.presenceCall(v)
	}
	return false, false
}

func (c *checker) presenceCall(call *ssa.Call) bool {
	if call.Call.IsInvoke() {
		return false
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return false
	}
	if isControllerutil(callee, "ContainsFinalizer") {
		return true
	}
	if orig := callee.Origin(); orig != nil {
		callee = orig
	}
	args := call.Call.Args
	obj, _ := callee.Object().(*types.Func)
	switch {
	case obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "slices" && obj.Name() == "Contains":
		return len(args) == 2 && isFinalizers(args[0], nil)
	case obj != nil && obj.Name() == "Has" && obj.Pkg() != nil && model.PkgPath(obj.Pkg()) == setsPkg:
		// sets.New(fins...).Has(f), sets.NewString(fins...).Has(f)
		if made, ok := args[0].(*ssa.Call); ok && len(made.Call.Args) == 1 {
			return isFinalizers(made.Call.Args[0], nil)
		}
	case callee.Pkg != nil && callee.Pkg.Pkg == c.pass.Pkg && len(callee.Blocks) > 0:
		return c.helperTests(callee, search{in: func(v ssa.Value) bool {
			return isFinalizers(v, func(p *ssa.Parameter) bool {
				i := slices.Index(callee.Params, p)
				return i >= 0 && i < len(args) && isFinalizers(args[i], nil)
			})
		}})
	case obj != nil && obj.Pkg() != c.pass.Pkg:
		var fact Returns
		if c.pass.ImportObjectFact(obj, &fact) && fact.Tests > 0 && fact.Tests <= len(args) {
			return isFinalizers(args[fact.Tests-1], nil)
		}
	}
	return false
}

// testedSlice returns 1 + the index of the slice parameter that fn, a bool
// function, tests the presence of its argument in, or 0: what the fact of a
// helper kept in another package (utils.ContainsString) says.
func (c *checker) testedSlice(fn *ssa.Function) int {
	for i, p := range fn.Params {
		if _, ok := p.Type().Underlying().(*types.Slice); !ok {
			continue
		}
		lookedFor := func(v ssa.Value) bool {
			q, ok := v.(*ssa.Parameter)
			return ok && q != p && q.Parent() == fn
		}
		if c.helperTests(fn, search{in: func(v ssa.Value) bool { return v == ssa.Value(p) }, lookedFor: lookedFor}) {
			return i + 1
		}
	}
	return 0
}

const setsPkg = "k8s.io/apimachinery/pkg/util/sets"

// helperTests reports whether a bool function of this package tests the
// presence of a finalizer in what finalizers matches (the finalizers, or
// the parameter given them): every return hands back false, a presence
// test, or true where an element of the finalizers equals the value looked
// for.
func (c *checker) helperTests(fn *ssa.Function, finalizers search) bool {
	results := fn.Signature.Results()
	if results.Len() != 1 || !types.Identical(results.At(0).Type(), types.Typ[types.Bool]) || c.testing[fn] {
		return false // a recursive helper is not judged through itself
	}
	c.testing[fn] = true
	defer delete(c.testing, fn)
	sawTrue := false
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || b == fn.Recover {
			continue
		}
		for _, v := range ssaflow.Returned(ret, 0) {
			switch {
			case isBool(v, false):
			case isBool(v, true) && afterEqualElement(b, finalizers):
				sawTrue = true
			case c.presenceTestIn(v, finalizers):
				sawTrue = true
			default:
				return false
			}
		}
	}
	return sawTrue
}

// presenceTestIn is presenceTest, with the finalizers as finalizers says.
func (c *checker) presenceTestIn(v ssa.Value, finalizers search) bool {
	if phi, ok := v.(*ssa.Phi); ok {
		return c.foundInLoop(phi, finalizers, map[ssa.Value]bool{})
	}
	when, ok := c.presenceTest(v, map[ssa.Value]bool{})
	return ok && when
}

// foundInLoop matches the flag of a loop that looks for the finalizer:
// false, or true only where an element of the finalizers equals it.
func (c *checker) foundInLoop(phi *ssa.Phi, finalizers search, seen map[ssa.Value]bool) bool {
	if seen[phi] {
		return true
	}
	seen[phi] = true
	if finalizers.in == nil {
		finalizers.in = func(v ssa.Value) bool { return isFinalizers(v, nil) }
	}
	sawTrue := false
	for k, edge := range phi.Edges {
		switch {
		case isBool(edge, false):
		case isBool(edge, true):
			if !afterEqualElement(phi.Block().Preds[k], finalizers) {
				return false
			}
			sawTrue = true
		default:
			inner, ok := edge.(*ssa.Phi)
			if !ok || !c.foundInLoop(inner, finalizers, seen) {
				return false
			}
		}
	}
	return sawTrue
}

// afterEqualElement reports whether b runs only where an element of a slice
// of finalizers equals something: b is dominated by the edge of
// `elem == x` (or `elem != x`) on which they are equal.
func afterEqualElement(b *ssa.BasicBlock, finalizers search) bool {
	for _, d := range b.Parent().Blocks {
		test, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := test.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
			continue
		}
		if !finalizers.compares(cmp.X, cmp.Y) && !finalizers.compares(cmp.Y, cmp.X) {
			continue
		}
		equal := d.Succs[0]
		if cmp.Op == token.NEQ {
			equal = d.Succs[1]
		}
		if len(equal.Preds) == 1 && equal.Dominates(b) {
			return true
		}
	}
	return false
}

// search says what a presence test looks in: the finalizers (in), and,
// for a helper judged on its own, its parameter looked for (lookedFor; nil:
// anything, a finalizer name constant included).
type search struct {
	in, lookedFor func(ssa.Value) bool
}

// compares matches `elem == x`, elem an element of the slice searched.
func (s search) compares(elem, x ssa.Value) bool {
	return isElement(elem, s.in) && (s.lookedFor == nil || s.lookedFor(x))
}

// isElement matches an element read from a slice in a range loop.
func isElement(v ssa.Value, slice func(ssa.Value) bool) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	ia, ok := load.X.(*ssa.IndexAddr)
	return ok && slice(ia.X)
}

// isFinalizers matches obj.GetFinalizers() and a load of a field named
// Finalizers; param, if not nil, decides parameters of a helper.
func isFinalizers(v ssa.Value, param func(*ssa.Parameter) bool) bool {
	switch v := v.(type) {
	case *ssa.Call:
		return ssaflow.IsCallOf(v, "GetFinalizers")
	case *ssa.UnOp:
		fa, ok := v.X.(*ssa.FieldAddr)
		return ok && v.Op == token.MUL && fieldName(fa) == "Finalizers"
	case *ssa.Parameter:
		return param != nil && param(v)
	}
	return false
}

func fieldName(fa *ssa.FieldAddr) string {
	st, ok := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	return st.Field(fa.Field).Name()
}

func isBool(v ssa.Value, want bool) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value) == want
}

func isControllerutil(fn *ssa.Function, names ...string) bool {
	if fn == nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || model.PkgPath(obj.Pkg()) != controllerutilPkg {
		return false
	}
	for _, n := range names {
		if obj.Name() == n {
			return true
		}
	}
	return false
}
