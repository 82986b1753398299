package finalizerrequeue

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"golang.org/x/tools/go/ssa"
)

// A deletion branch may live in a helper that does not return a Result:
// `func (r *R) reconcile(ctx, res) (Resource, error)` decides, and the
// entry turns its error into the Result (a typed error such as
// RequeueNeededAfter{d} becomes ctrl.Result{RequeueAfter: d} through
// errors.As). A return of the helper's deletion branch that hands back a
// nil error while the finalizer is held is a finding when, in the entry,
// the nil error leads to ctrl.Result{} with a nil error; a return of an
// error (the typed requeue error among them) is not.

// errorHelperCalls returns the findings of the calls in an entry of helpers
// of the package whose last result is an error: each return of a helper's
// deletion branch with a nil error while the finalizer is held, when the
// entry turns that nil error into an empty Result with a nil error. Calls
// in the entry's own deletion region are left to badReturns, and so are
// calls that only a path on which the object was found not being deleted
// reaches.
func (c *checker) errorHelperCalls(fn *ssa.Function, region map[*ssa.BasicBlock]bool) []blocking.Effect {
	var found []blocking.Effect
	live := c.mayBeDeleting(fn)
	for _, b := range fn.Blocks {
		if region[b] || !live[b] {
			continue
		}
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			callee := c.errorHelper(call)
			if callee == nil {
				continue
			}
			bad := c.errorReturns(callee, false)
			if len(bad) == 0 {
				continue
			}
			if !c.leadsToEmptyResult(fn, b, call, map[ssa.Value]bool{errorResult(call): true}, 0) {
				continue
			}
			frame := c.result.Frame(fn, call.Pos())
			for _, e := range bad {
				found = append(found, e.Prefixed(frame))
			}
		}
	}
	return found
}

// errorHelper returns the callee of call when it is a function of the
// package whose last result is an error and that does not return a Result,
// nor a *Result: such a gate's nil Result means "go on" whatever its
// error, and the caller hands back the Result it has.
func (c *checker) errorHelper(call *ssa.Call) *ssa.Function {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil
	}
	if orig := callee.Origin(); orig != nil {
		callee = orig
	}
	if callee.Pkg == nil || callee.Pkg.Pkg != c.pass.Pkg || len(callee.Blocks) == 0 || ssaflow.ReturnsResult(callee) || ssaflow.ReturnsResultPointer(callee) {
		return nil
	}
	results := callee.Signature.Results()
	if results.Len() == 0 || !types.Identical(results.At(results.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return nil
	}
	return callee
}

// errorResult is the value of the error a call of an error helper returns.
func errorResult(call *ssa.Call) ssa.Value {
	n := call.Call.Signature().Results().Len()
	if n == 1 {
		return call
	}
	for _, ref := range *call.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index == n-1 {
			return ex
		}
	}
	return nil
}

// errorReturns lists the returns of an error helper that hand back a nil
// error while the finalizer is held in a deletion branch: in the helper's
// own deletion regions, or anywhere when whole says the helper runs in one.
// A return of another error helper's results stands for that helper's
// returns.
func (c *checker) errorReturns(fn *ssa.Function, whole bool) []blocking.Effect {
	key := errKey{fn, whole}
	if bad, ok := c.errHelpers[key]; ok {
		return bad
	}
	c.errHelpers[key] = nil // recursion: assume nothing more
	var region, held map[*ssa.BasicBlock]bool
	if whole {
		region = make(map[*ssa.BasicBlock]bool, len(fn.Blocks))
		for _, b := range fn.Blocks {
			region[b] = true
		}
		held = c.finalizerHeld(fn, nil)
	} else {
		region, held = c.deletionRegions(fn)
	}
	var bad []blocking.Effect
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 || b == fn.Recover {
			continue
		}
		errs := ssaflow.Returned(ret, len(ret.Results)-1)
		if len(errs) == 1 {
			if call := forwardedCall(errs[0]); call != nil {
				if callee := c.errorHelper(call); callee != nil {
					var inner []blocking.Effect
					switch {
					case region[b] && c.heldAt(held, b, call):
						inner = c.errorReturns(callee, true)
					case !region[b]:
						inner = c.errorReturns(callee, false)
					}
					frame := c.result.Frame(fn, call.Pos())
					for _, e := range inner {
						bad = append(bad, e.Prefixed(frame))
					}
					continue
				}
			}
		}
		if !region[b] || !c.heldAt(held, b, ret) {
			continue
		}
		allNil := true
		for _, e := range errs {
			if !ssaflow.NilHere(e, b) {
				allNil = false
			}
		}
		if allNil {
			bad = append(bad, blocking.Effect{Check: name, Chain: []blocking.Frame{c.result.Frame(fn, ret.Pos())}})
		}
	}
	c.errHelpers[key] = bad
	return bad
}

type errKey struct {
	fn    *ssa.Function
	whole bool
}

// forwardedCall returns the call whose error result v is.
func forwardedCall(v ssa.Value) *ssa.Call {
	switch v := v.(type) {
	case *ssa.Call:
		return v
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok && v.Index == call.Call.Signature().Results().Len()-1 {
			return call
		}
	}
	return nil
}

// mayBeDeleting returns the blocks of fn that a path from its entry reaches
// without passing a deletion test's edge on which the object is not being
// deleted.
func (c *checker) mayBeDeleting(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	notDeleting := make(map[*ssa.BasicBlock]int)
	for _, t := range c.result.DeletionTests(fn, c.importedDeletionTest) {
		notDeleting[t.Block] = 1 - t.Deleting
	}
	live := map[*ssa.BasicBlock]bool{fn.Blocks[0]: true}
	work := []*ssa.BasicBlock{fn.Blocks[0]}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for i, s := range b.Succs {
			if i2, isTest := notDeleting[b]; isTest && i == i2 || live[s] {
				continue
			}
			live[s] = true
			work = append(work, s)
		}
	}
	return live
}

// leadsToEmptyResult reports whether, in fn, a path from just after the
// instruction from in block start (from fn's entry when from is nil), on
// which the values in known are nil, the object may be being deleted and
// the finalizer is not removed, reaches a return of a nil error and a
// Result that does not requeue. A return of a Result helper given one of
// the nil values is judged in the helper, with its parameter nil
// (`return r.toResult(err)`).
func (c *checker) leadsToEmptyResult(fn *ssa.Function, start *ssa.BasicBlock, from ssa.Instruction, known map[ssa.Value]bool, depth int) bool {
	if depth > 3 {
		return false
	}
	var notDeleting map[*ssa.BasicBlock]int
	tests := c.result.DeletionTests(fn, c.importedDeletionTest)
	notDeleting = make(map[*ssa.BasicBlock]int, len(tests))
	for _, t := range tests {
		notDeleting[t.Block] = 1 - t.Deleting
	}
	seen := map[*ssa.BasicBlock]bool{start: true}
	work := []*ssa.BasicBlock{start}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		after := b != start || from == nil
		removed := false
		for _, instr := range b.Instrs {
			if !after {
				after = instr == from
				continue
			}
			if call, ok := instr.(ssa.CallInstruction); ok && c.callRemoves(call.Common()) {
				removed = true
			}
			if st, ok := instr.(*ssa.Store); ok {
				if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fieldName(fa) == "Finalizers" && !keepsFinalizers(st.Val) {
					removed = true
				}
			}
		}
		if removed {
			continue // the finalizer is gone on this path
		}
		switch last := b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.Return:
			if c.emptyReturn(b, last, known, depth) {
				return true
			}
		case *ssa.If:
			for i, s := range b.Succs {
				if seen[s] || c.absentOnEdge(b, i) {
					continue
				}
				if j, isTest := notDeleting[b]; isTest && i == j {
					continue
				}
				if holds, decided := nilDecides(last.Cond, known); decided && holds != (i == 0) {
					continue
				}
				seen[s] = true
				work = append(work, s)
			}
		default:
			for _, s := range b.Succs {
				if !seen[s] {
					seen[s] = true
					work = append(work, s)
				}
			}
		}
	}
	return false
}

// emptyReturn reports whether a return hands back a nil error and a Result
// that does not requeue, given the values known nil.
func (c *checker) emptyReturn(b *ssa.BasicBlock, ret *ssa.Return, known map[ssa.Value]bool, depth int) bool {
	if len(ret.Results) != 2 || b == b.Parent().Recover {
		return false
	}
	results, errs := ssaflow.Returned(ret, 0), ssaflow.Returned(ret, 1)
	if call := ssaflow.HelperCall(results, errs); call != nil {
		callee := call.Call.StaticCallee()
		if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg != c.pass.Pkg || len(callee.Blocks) == 0 {
			return false
		}
		inner := make(map[ssa.Value]bool)
		args := call.Call.Args
		for i, p := range callee.Params {
			if i < len(args) && isKnownNil(args[i], known) {
				inner[p] = true
			}
		}
		return len(inner) > 0 && c.leadsToEmptyResult(callee, callee.Blocks[0], nil, inner, depth+1)
	}
	for _, e := range errs {
		if !isKnownNil(e, known) && !ssaflow.NilHere(e, b) {
			return false
		}
	}
	if len(results) == 1 {
		results = []ssa.Value{storedValue(results[0])}
	}
	for _, r := range results {
		if !requeues(r, map[ssa.Value]bool{}) {
			return true
		}
	}
	return false
}

// isKnownNil reports whether v is one of the values known nil, converted
// or kept in a local that holds nothing else.
func isKnownNil(v ssa.Value, known map[ssa.Value]bool) bool {
	switch x := v.(type) {
	case *ssa.ChangeInterface:
		return isKnownNil(x.X, known)
	case *ssa.UnOp:
		if alloc, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			stores := 0
			for _, ref := range *alloc.Referrers() {
				if st, ok := ref.(*ssa.Store); ok && st.Addr == alloc {
					if !isKnownNil(st.Val, known) {
						return false
					}
					stores++
				}
			}
			return stores > 0
		}
	}
	return known[v]
}

// nilDecides reports whether a condition is decided by the values known
// nil, and which way: `err != nil`, `err == nil`, and errors.As or
// errors.Is of a nil error, which are false.
func nilDecides(cond ssa.Value, known map[ssa.Value]bool) (holds, decided bool) {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			h, d := nilDecides(c.X, known)
			return !h, d
		}
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			break
		}
		if isKnownNil(c.X, known) && isNil(c.Y) || isKnownNil(c.Y, known) && isNil(c.X) {
			return c.Op == token.EQL, true
		}
	case *ssa.Call:
		callee := c.Call.StaticCallee()
		if callee != nil && callee.Pkg != nil && isErrorsPkg(callee.Pkg.Pkg.Path()) &&
			(callee.Name() == "As" || callee.Name() == "Is") && len(c.Call.Args) == 2 && isKnownNil(c.Call.Args[0], known) {
			return false, true
		}
	}
	return false, false
}

// isErrorsPkg matches errors and the packages named errors that mirror its
// As and Is (github.com/pkg/errors).
func isErrorsPkg(path string) bool {
	return path == "errors" || strings.HasSuffix(path, "/errors")
}

func isNil(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.IsNil()
}
