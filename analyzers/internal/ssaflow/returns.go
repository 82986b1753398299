package ssaflow

import (
	"go/token"
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// Returned lists the values that result i of ret may hand back. Usually
// that is ret.Results[i] itself. A function that defers (defer cancel(),
// a deferred status patch) or has named results returns through result
// slots: each return statement stores into the slots, runs the deferred
// calls and returns what it loads back. Returned sees through the load to
// the values stored on the paths that reach the return, so that every
// reader of returned values (a finalizer branch's Result, a constructor's
// client) reads the code the way it was written. A bare return that
// reaches no store returns the zero value. What a deferred closure may
// store afterwards is not followed: it changes results only on its own
// error paths in the code this serves.
func Returned(ret *ssa.Return, i int) []ssa.Value {
	v := ret.Results[i]
	slot := resultSlot(v)
	if slot == nil || ret.Block() == ret.Parent().Recover {
		return []ssa.Value{v}
	}
	var values []ssa.Value
	seen := make(map[*ssa.BasicBlock]bool)
	var walk func(b *ssa.BasicBlock, before int) bool
	walk = func(b *ssa.BasicBlock, before int) bool {
		for j := before - 1; j >= 0; j-- {
			switch instr := b.Instrs[j].(type) {
			case *ssa.Store:
				if instr.Addr == slot {
					values = append(values, instr.Val)
					return true
				}
			case ssa.CallInstruction:
				if passesAddress(instr.Common(), slot) {
					return false // the callee may write the slot: unknown
				}
			}
		}
		if len(b.Preds) == 0 {
			values = append(values, ssa.NewConst(nil, slot.Type().(*types.Pointer).Elem()))
			return true
		}
		for _, p := range b.Preds {
			if !seen[p] {
				seen[p] = true
				if !walk(p, len(p.Instrs)) {
					return false
				}
			}
		}
		return true
	}
	if !walk(ret.Block(), len(ret.Block().Instrs)-1) || len(values) == 0 {
		return []ssa.Value{v}
	}
	return values
}

// resultSlot returns the local a value is loaded from, if it is one whose
// address only stores and loads use (and closures, which defers capture).
func resultSlot(v ssa.Value) *ssa.Alloc {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	slot, ok := load.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	for _, ref := range *slot.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Val == slot {
				return nil // the address escapes
			}
		case *ssa.UnOp, *ssa.MakeClosure, *ssa.DebugRef:
		default:
			return nil // a field address, a call: the slot is written in pieces
		}
	}
	return slot
}

func passesAddress(call *ssa.CallCommon, slot *ssa.Alloc) bool {
	for _, a := range call.Args {
		if a == slot {
			return true
		}
	}
	return call.Value == slot
}

// ReturnsResultPointer matches functions that return (*reconcile.Result,
// error): a gate whose nil Result means "go on", and whose Result, when it
// has one, the caller hands back as it is.
func ReturnsResultPointer(fn *ssa.Function) bool {
	results := fn.Signature.Results()
	if results.Len() != 2 {
		return false
	}
	ptr, ok := results.At(0).Type().(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	return ok && named.Obj().Name() == "Result" && model.PkgPath(named.Obj().Pkg()) == model.ReconcilePkg
}

// ReturnsResult matches functions that return (reconcile.Result, error).
func ReturnsResult(fn *ssa.Function) bool {
	results := fn.Signature.Results()
	if results.Len() != 2 {
		return false
	}
	named, ok := types.Unalias(results.At(0).Type()).(*types.Named)
	return ok && named.Obj().Name() == "Result" && model.PkgPath(named.Obj().Pkg()) == model.ReconcilePkg &&
		types.Identical(results.At(1).Type(), types.Universe.Lookup("error").Type())
}

// HelperCall returns the call whose two results a return hands back
// unchanged, given the values that reach each of its results.
func HelperCall(results, errs []ssa.Value) *ssa.Call {
	if len(results) != 1 || len(errs) != 1 {
		return nil
	}
	r, ok0 := results[0].(*ssa.Extract)
	e, ok1 := errs[0].(*ssa.Extract)
	if !ok0 || !ok1 || r.Tuple != e.Tuple || r.Index != 0 || e.Index != 1 {
		return nil
	}
	call, _ := r.Tuple.(*ssa.Call)
	return call
}

// NilHere reports whether v is nil wherever b runs: a nil constant, a
// value that b runs only after a test found nil (`if err != nil { return }`),
// or a phi each of whose incoming values is nil where it comes from (err
// reassigned and tested in one branch, left as an earlier test found it
// in the other).
func NilHere(v ssa.Value, b *ssa.BasicBlock) bool {
	return nilHere(v, b, map[*ssa.Phi]bool{})
}

func nilHere(v ssa.Value, b *ssa.BasicBlock, seen map[*ssa.Phi]bool) bool {
	if c, ok := v.(*ssa.Const); ok {
		return c.IsNil()
	}
	if testedNil(v, b, true) {
		return true
	}
	phi, ok := v.(*ssa.Phi)
	if !ok || seen[phi] {
		return false // a phi met again is a loop's: not known
	}
	seen[phi] = true
	for i, e := range phi.Edges {
		pred := phi.Block().Preds[i]
		if !nilOnEdge(e, pred, phi.Block()) && !nilHere(e, pred, seen) {
			return false
		}
	}
	return true
}

// nilOnEdge reports whether from ends by testing v against nil and goes to
// to only where v is nil: `if err != nil { return }` whose other branch
// jumps straight to where the paths join.
func nilOnEdge(v ssa.Value, from, to *ssa.BasicBlock) bool {
	test, ok := from.Instrs[len(from.Instrs)-1].(*ssa.If)
	if !ok || from.Succs[0] == from.Succs[1] {
		return false
	}
	cmp, ok := test.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ || !(cmp.X == v && isNilConst(cmp.Y) || cmp.Y == v && isNilConst(cmp.X)) {
		return false
	}
	nilSucc := from.Succs[0] // where the comparison holds
	if cmp.Op == token.NEQ {
		nilSucc = from.Succs[1]
	}
	return nilSucc == to
}

// NonNilHere reports whether v is not nil wherever b runs: an error made by
// errors.New or fmt.Errorf, or a value that b runs only after a test found
// it not nil (`if err != nil { return ..., err }`).
func NonNilHere(v ssa.Value, b *ssa.BasicBlock) bool {
	if call, ok := v.(*ssa.Call); ok {
		if obj := CalleeObject(call.Call); obj != nil && (model.FuncName(obj) == "errors.New" || model.FuncName(obj) == "fmt.Errorf") {
			return true
		}
	}
	if mi, ok := v.(*ssa.MakeInterface); ok {
		if _, isConst := mi.X.(*ssa.Const); !isConst {
			return NonNilHere(mi.X, b) || isPointerAlloc(mi.X)
		}
	}
	return testedNil(v, b, false)
}

func isPointerAlloc(v ssa.Value) bool {
	_, ok := v.(*ssa.Alloc)
	return ok
}

// testedNil reports whether b runs only on the edge of a comparison of v
// with nil where v is nil (wantNil) or not.
func testedNil(v ssa.Value, b *ssa.BasicBlock, wantNil bool) bool {
	for _, d := range b.Parent().Blocks {
		test, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := test.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
			continue
		}
		if !(cmp.X == v && isNilConst(cmp.Y) || cmp.Y == v && isNilConst(cmp.X)) {
			continue
		}
		edge := d.Succs[0] // where the comparison holds
		if (cmp.Op == token.EQL) != wantNil {
			edge = d.Succs[1]
		}
		if len(edge.Preds) == 1 && edge.Dominates(b) {
			return true
		}
	}
	return false
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// CalleeObject is the declared function a call statically calls, if any.
func CalleeObject(call ssa.CallCommon) *types.Func {
	if call.IsInvoke() {
		return call.Method
	}
	if fn := call.StaticCallee(); fn != nil {
		if orig := fn.Origin(); orig != nil {
			fn = orig
		}
		obj, _ := fn.Object().(*types.Func)
		return obj
	}
	return nil
}
