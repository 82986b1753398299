package ssaflow

import (
	"cmp"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// DeletionRegion returns the blocks of fn that run only while the object is
// being deleted: the union of the regions of its DeletionTests.
func DeletionRegion(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	region := make(map[*ssa.BasicBlock]bool)
	for _, t := range DeletionTests(fn, nil) {
		for b := range t.Region() {
			region[b] = true
		}
	}
	return region
}

// DeletionTest is a test of whether an object is being deleted. A deletion
// test is one of
//
//	!obj.GetDeletionTimestamp().IsZero()    obj.GetDeletionTimestamp() != nil
//	!obj.DeletionTimestamp.IsZero()         obj.DeletionTimestamp != nil
//
// or a negation of one, or a call of a bool helper of the package that
// returns one of its parameter (isBeingDeleted(obj)); a conjunction is a
// chain of tests in SSA, so `deleting && other` is covered too, and so is
// the early return of `if obj.DeletionTimestamp.IsZero() { ...; return }`.
// A test kept in a variable is the same SSA value.
type DeletionTest struct {
	Block    *ssa.BasicBlock // ends with the test
	Deleting int             // the successor taken while the object is being deleted
	// Object is the type of the object tested (pointers removed), nil when
	// the test sees only an interface or a bare ObjectMeta.
	Object types.Type
}

// Region returns the blocks that run only while the object is being
// deleted: those dominated by the edge on which the test holds, if that edge
// is the only way into its target.
func (t DeletionTest) Region() map[*ssa.BasicBlock]bool {
	root := t.Block.Succs[t.Deleting]
	region := make(map[*ssa.BasicBlock]bool)
	if len(root.Preds) != 1 {
		return region // the edge is not the only way in: no block is deletion-only
	}
	for _, c := range t.Block.Parent().Blocks {
		if root.Dominates(c) {
			region[c] = true
		}
	}
	return region
}

// ImportedDeletionTest says whether a function of another package is a
// deletion test of its parameter param, and for which result the object is
// being deleted: what a fact of the caller's analyzer says.
type ImportedDeletionTest func(fn *types.Func) (deletingWhen bool, param int, ok bool)

// DeletionTests lists fn's deletion tests in block order; imported, if not
// nil, judges calls of functions of other packages.
func DeletionTests(fn *ssa.Function, imported ImportedDeletionTest) []DeletionTest {
	return deletionTester{judging: map[*ssa.Function]bool{}, imported: imported}.tests(fn)
}

// DeletionTestsConverting is DeletionTests where a call of an interface
// method is judged by the methods of converted, the types a package converts
// to an interface (see blocking's Result.DeletionTests).
func DeletionTestsConverting(fn *ssa.Function, imported ImportedDeletionTest, converted []types.Type) []DeletionTest {
	return deletionTester{judging: map[*ssa.Function]bool{}, imported: imported, converted: converted}.tests(fn)
}

// deletionTester finds deletion tests; judging holds the helpers being
// judged, against recursion; converted, the types whose methods a call
// through an interface may run.
type deletionTester struct {
	judging   map[*ssa.Function]bool
	imported  ImportedDeletionTest
	converted []types.Type
}

func (d deletionTester) tests(fn *ssa.Function) []DeletionTest {
	var tests []DeletionTest
	for _, b := range fn.Blocks {
		test, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		deletingWhen, holder, ok := d.test(test.Cond)
		if !ok {
			continue
		}
		t := DeletionTest{Block: b, Deleting: 1, Object: ObjectType(holder)}
		if deletingWhen {
			t.Deleting = 0
		}
		tests = append(tests, t)
	}
	return tests
}

// deletionTest reports whether cond tests the deletion timestamp, for which
// value of cond the object is being deleted, and the value whose timestamp
// it reads.
func (d deletionTester) test(cond ssa.Value) (deletingWhen bool, holder ssa.Value, ok bool) {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			when, holder, ok := d.test(c.X)
			return !when, holder, ok
		}
	case *ssa.Call:
		if c.Call.IsInvoke() {
			if when, ok := d.method(c); ok {
				return when, c.Call.Value, true
			}
			break
		}
		// isBeingDeleted(obj), a bool helper of the package, or one
		// of another package that its fact says is one.
		if callee := c.Call.StaticCallee(); callee != nil && callee.Pkg != nil {
			if orig := callee.Origin(); orig != nil {
				callee = orig
			}
			when, i, ok := false, 0, false
			switch {
			case callee.Pkg == c.Parent().Pkg:
				when, i, ok = d.helper(callee)
			case d.imported != nil:
				if obj, isFunc := callee.Object().(*types.Func); isFunc {
					when, i, ok = d.imported(obj)
				}
			}
			if ok && i < len(c.Call.Args) {
				return when, c.Call.Args[i], true
			}
		}
		// (*metav1.Time).IsZero is nil-safe: zero means "not being deleted".
		if callee := c.Call.StaticCallee(); callee != nil && callee.Name() == "IsZero" && len(c.Call.Args) == 1 {
			if holder := deletionTimestampOf(c.Call.Args[0]); holder != nil {
				return false, holder, true
			}
		}
	case *ssa.BinOp:
		if c.Op != token.NEQ && c.Op != token.EQL {
			break
		}
		if x, y := deletionTimestampOf(c.X), deletionTimestampOf(c.Y); isNil(c.Y) && x != nil || isNil(c.X) && y != nil {
			return c.Op == token.NEQ, cmp.Or(x, y), true
		}
	}
	return false, nil, false
}

// method reports whether a call through an interface is a deletion test of
// the value it is called on, and for which result the object is being
// deleted: the method of each converted type that implements the interface
// is a deletion test of its receiver (a bool helper of the package, or a
// method of another package that its fact says is one), and they agree.
func (d deletionTester) method(call *ssa.Call) (deletingWhen bool, ok bool) {
	iface, isIface := call.Call.Value.Type().Underlying().(*types.Interface)
	if !isIface {
		return false, false
	}
	m := call.Call.Method
	prog, pkg := call.Parent().Prog, call.Parent().Pkg
	found := 0
	for _, t := range d.converted {
		if !types.Implements(t, iface) {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
		fn, isFunc := obj.(*types.Func)
		if !isFunc {
			return false, false
		}
		if fn.Origin() != fn {
			return false, false // a method of an instantiated generic type: no one function
		}
		when, i, ok := false, 0, false
		switch {
		case fn.Pkg() == pkg.Pkg:
			impl := prog.FuncValue(fn)
			if impl == nil {
				return false, false
			}
			when, i, ok = d.helper(impl)
		case d.imported != nil:
			// Another package's method: its fact decides (the engine does
			// not create the SSA of imports it calls nothing of).
			when, i, ok = d.imported(fn)
		}
		if !ok || i != 0 || found > 0 && when != deletingWhen {
			return false, false
		}
		deletingWhen = when
		found++
	}
	return deletingWhen, found > 0
}

// HelperDeletionTest reports whether fn, a bool function of the package
// being analyzed, is a deletion test of its parameter param (what a fact
// says to other packages), and for which result the object is being
// deleted.
func HelperDeletionTest(fn *ssa.Function, imported ImportedDeletionTest) (deletingWhen bool, param int, ok bool) {
	return deletionTester{judging: map[*ssa.Function]bool{}, imported: imported}.helper(fn)
}

// helper reports whether fn, a bool function, is a deletion
// test of its parameter param, and for which result the object is being
// deleted: every return hands back a deletion test of that parameter, or a
// constant after one (`if o.DeletionTimestamp == nil { return false };
// return true`), all saying the same.
func (d deletionTester) helper(fn *ssa.Function) (deletingWhen bool, param int, ok bool) {
	results := fn.Signature.Results()
	if len(fn.Blocks) == 0 || results.Len() != 1 || !types.Identical(results.At(0).Type(), types.Typ[types.Bool]) || d.judging[fn] {
		return false, 0, false
	}
	d.judging[fn] = true
	defer delete(d.judging, fn)
	param = -1
	seen := 0
	agree := func(when bool, holder ssa.Value) bool {
		p, isParam := ObjectRoot(holder).(*ssa.Parameter)
		i := slices.Index(fn.Params, p)
		if !isParam || i < 0 || param >= 0 && (i != param || when != deletingWhen) {
			return false
		}
		param, deletingWhen = i, when
		return true
	}
	var tests []DeletionTest
	for _, b := range fn.Blocks {
		ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !isRet || b == fn.Recover {
			continue
		}
		for _, v := range Returned(ret, 0) {
			seen++
			if when, holder, ok := d.test(v); ok {
				if !agree(when, holder) {
					return false, 0, false
				}
				continue
			}
			k, isConst := v.(*ssa.Const)
			if !isConst || k.Value == nil || k.Value.Kind() != constant.Bool {
				return false, 0, false
			}
			if tests == nil {
				tests = d.tests(fn)
			}
			// The constant counts where a test decided the object is
			// (or is not) being deleted on the way here.
			decided := false
			for _, t := range tests {
				for i, s := range t.Block.Succs {
					if len(s.Preds) == 1 && s.Dominates(b) {
						deleting := i == t.Deleting
						_, holder, _ := d.test(t.Block.Instrs[len(t.Block.Instrs)-1].(*ssa.If).Cond)
						if agree(constant.BoolVal(k.Value) == deleting, holder) {
							decided = true
						}
					}
				}
			}
			if !decided {
				return false, 0, false
			}
		}
	}
	return deletingWhen, param, seen > 0 && param >= 0
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

// deletionTimestampOf matches obj.GetDeletionTimestamp() and a load of a
// field named DeletionTimestamp (metav1.ObjectMeta's, promoted or not), and
// returns obj, or nil.
func deletionTimestampOf(v ssa.Value) ssa.Value {
	if IsCallOf(v, "GetDeletionTimestamp") {
		return receiver(v.(*ssa.Call).Call)
	}
	switch v := v.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL &&
			FieldName(fa.X.Type().Underlying().(*types.Pointer).Elem(), fa.Field) == "DeletionTimestamp" {
			return fa.X
		}
	case *ssa.Field:
		if FieldName(v.X.Type(), v.Field) == "DeletionTimestamp" {
			return v.X
		}
	}
	return nil
}

func receiver(call ssa.CallCommon) ssa.Value {
	if call.IsInvoke() {
		return call.Value
	}
	if len(call.Args) == 0 {
		return nil
	}
	return call.Args[0]
}

// ObjectType returns the type of the object v is or is part of: through
// embedded fields (obj.ObjectMeta, as a promoted method or field reaches
// it), conversions to an interface and pointers. It is nil when all v shows
// is an interface (client.Object) or a bare ObjectMeta: the object is not
// known.
func ObjectType(v ssa.Value) types.Type {
	v = ObjectRoot(v)
	if v == nil {
		return nil
	}
	t := v.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); !ok || types.IsInterface(t) || n.Obj().Name() == "ObjectMeta" {
		return nil
	}
	return t
}

// ObjectRoot is the value whose type ObjectType returns: the object v is
// or is part of.
func ObjectRoot(v ssa.Value) ssa.Value {
	for v != nil {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			if st, ok := x.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct); ok && st.Field(x.Field).Embedded() {
				v = x.X
				continue
			}
		case *ssa.Field:
			if st, ok := x.X.Type().Underlying().(*types.Struct); ok && st.Field(x.Field).Embedded() {
				v = x.X
				continue
			}
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeInterface:
			v = x.X
			continue
		case *ssa.Alloc: // a parameter whose fields are read stays in memory
			if p := spilledParam(x); p != nil {
				v = p
				continue
			}
		case *ssa.UnOp: // obj.ObjectMeta passed by value
			if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL &&
				fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct).Field(fa.Field).Embedded() {
				v = fa.X
				continue
			}
		}
		break
	}
	return v
}

// spilledParam returns the parameter a local holds, when the parameter is
// the only value ever stored in it.
func spilledParam(alloc *ssa.Alloc) *ssa.Parameter {
	var param *ssa.Parameter
	for _, ref := range *alloc.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == alloc {
			p, isParam := st.Val.(*ssa.Parameter)
			if !isParam || param != nil {
				return nil
			}
			param = p
		}
	}
	return param
}

// FieldName is the name of field i of struct type t, or "" if t is not a
// struct.
func FieldName(t types.Type, i int) string {
	if st, ok := t.Underlying().(*types.Struct); ok {
		return st.Field(i).Name()
	}
	return ""
}
