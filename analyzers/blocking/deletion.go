package blocking

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// DeletionRegion returns the blocks of fn that run only while the object is
// being deleted: the blocks dominated by the edge on which a deletion test
// holds. A deletion test is one of
//
//	!obj.GetDeletionTimestamp().IsZero()    obj.GetDeletionTimestamp() != nil
//	!obj.DeletionTimestamp.IsZero()         obj.DeletionTimestamp != nil
//
// or a negation of one; a conjunction is a chain of tests in SSA, so
// `deleting && other` is covered too, and so is the early return of
// `if obj.DeletionTimestamp.IsZero() { ...; return }`.
func DeletionRegion(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	region := make(map[*ssa.BasicBlock]bool)
	for _, b := range fn.Blocks {
		test, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		deletingWhen, ok := deletionTest(test.Cond)
		if !ok {
			continue
		}
		root := b.Succs[1]
		if deletingWhen {
			root = b.Succs[0]
		}
		if len(root.Preds) != 1 {
			continue // the edge is not the only way in: no block is deletion-only
		}
		for _, c := range fn.Blocks {
			if root.Dominates(c) {
				region[c] = true
			}
		}
	}
	return region
}

// deletionTest reports whether cond tests the deletion timestamp, and for
// which value of cond the object is being deleted.
func deletionTest(cond ssa.Value) (deletingWhen, ok bool) {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			when, ok := deletionTest(c.X)
			return !when, ok
		}
	case *ssa.Call:
		// (*metav1.Time).IsZero is nil-safe: zero means "not being deleted".
		if callee := c.Call.StaticCallee(); callee != nil && callee.Name() == "IsZero" &&
			len(c.Call.Args) == 1 && isDeletionTimestamp(c.Call.Args[0]) {
			return false, true
		}
	case *ssa.BinOp:
		if c.Op != token.NEQ && c.Op != token.EQL {
			return false, false
		}
		if isNil(c.Y) && isDeletionTimestamp(c.X) || isNil(c.X) && isDeletionTimestamp(c.Y) {
			return c.Op == token.NEQ, true
		}
	}
	return false, false
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// IsCallOf reports whether v is the result of a call, static or through an
// interface, of a function or method with that name.
func IsCallOf(v ssa.Value, name string) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	if call.Call.IsInvoke() {
		return call.Call.Method.Name() == name
	}
	callee := call.Call.StaticCallee()
	return callee != nil && callee.Name() == name
}

// isDeletionTimestamp matches obj.GetDeletionTimestamp() and a load of a
// field named DeletionTimestamp (metav1.ObjectMeta's, promoted or not).
func isDeletionTimestamp(v ssa.Value) bool {
	if IsCallOf(v, "GetDeletionTimestamp") {
		return true
	}
	switch v := v.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return fieldName(fa.X.Type().Underlying().(*types.Pointer).Elem(), fa.Field) == "DeletionTimestamp"
		}
	case *ssa.Field:
		return fieldName(v.X.Type(), v.Field) == "DeletionTimestamp"
	}
	return false
}

func fieldName(t types.Type, i int) string {
	if st, ok := t.Underlying().(*types.Struct); ok {
		return st.Field(i).Name()
	}
	return ""
}
