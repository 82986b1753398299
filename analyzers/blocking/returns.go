package blocking

import (
	"go/token"
	"go/types"

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
