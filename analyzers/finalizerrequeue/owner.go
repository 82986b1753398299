package finalizerrequeue

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"golang.org/x/tools/go/ssa"
)

// deletionRegions returns the blocks of an entry that run only while its
// object is being deleted, and where the finalizer may be set in them. Only
// the deletion tests of an object whose type keeps a finalizer count: a
// reconciler that ignores its deleted objects (`if obj.DeletionTimestamp !=
// nil { return ctrl.Result{}, nil }`) has nothing to wait for, whatever
// other reconcilers of the package keep. Each test's region is judged from
// fn's entry, and a path on which a test of the same type found the object
// not being deleted goes no further: after
// `if deleting && ContainsFinalizer(obj, f) { ...; return }`, the only way
// into a later `if deleting {` is the edge where the finalizer is absent.
func (c *checker) deletionRegions(fn *ssa.Function) (region, held map[*ssa.BasicBlock]bool) {
	region = make(map[*ssa.BasicBlock]bool)
	held = make(map[*ssa.BasicBlock]bool)
	tests := c.result.DeletionTests(fn, c.importedDeletionTest)
	for _, t := range tests {
		if !c.keepsFinalizer(t.Object) {
			continue
		}
		notDeleting := func(b *ssa.BasicBlock, i int) bool {
			for _, u := range tests {
				if u.Block == b && i != u.Deleting && sameObject(t.Object, u.Object) {
					return true
				}
			}
			return false
		}
		in := c.finalizerHeld(fn, notDeleting)
		for b := range t.Region() {
			region[b] = true
			held[b] = held[b] || in[b]
		}
	}
	return region, held
}

// importedDeletionTest reads the fact of a deletion test of another
// package.
func (c *checker) importedDeletionTest(obj *types.Func) (deletingWhen bool, param int, ok bool) {
	var fact Returns
	if obj.Pkg() == c.pass.Pkg || !c.pass.ImportObjectFact(obj, &fact) || fact.Deletion == 0 {
		return false, 0, false
	}
	return fact.Deletion > 0, max(fact.Deletion, -fact.Deletion) - 1, true
}

// sameObject reports whether two deletion tests are of objects of one type;
// an unknown type is no other.
func sameObject(t, u types.Type) bool {
	return t == nil || u == nil || types.Identical(t, u)
}

// keepsFinalizer reports whether objects of type t may carry a finalizer of
// this package: the package adds, removes, tests or sets the finalizers of
// a t, or hands a t to a function of another package that adds or removes
// one. An unknown type, or a finalizer call on an object the package sees
// only as an interface, keeps the package-wide answer.
func (c *checker) keepsFinalizer(t types.Type) bool {
	if c.kept == nil {
		c.kept = c.finalizedTypes()
	}
	if t == nil || c.kept.unknown {
		return true
	}
	for _, k := range c.kept.types {
		if types.Identical(k, t) {
			return true
		}
	}
	return false
}

type keptTypes struct {
	types   []types.Type
	unknown bool // an object whose type is not known has its finalizers touched
}

func (c *checker) finalizedTypes() *keptTypes {
	kept := &keptTypes{}
	// A helper of the package that takes the object as a client.Object
	// (vault-secrets-operator's maybeAddFinalizer(ctx, c, o, f)) touches
	// the objects its callers pass.
	callers := make(map[*ssa.Function][]*ssa.CallCommon)
	for _, fn := range c.result.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok && call.Common().StaticCallee() != nil {
					callee := call.Common().StaticCallee()
					callers[callee] = append(callers[callee], call.Common())
				}
			}
		}
	}
	// A parameter's answer is kept: a helper touches its parameter's
	// finalizers more than once (ContainsFinalizer, then AddFinalizer),
	// and each touch must see the same types. A parameter met again while
	// its callers are being followed (recursion) adds none.
	params := make(map[*ssa.Parameter][]types.Type)
	var objectTypes func(o ssa.Value) []types.Type
	objectTypes = func(o ssa.Value) []types.Type {
		if t := ssaflow.ObjectType(o); t != nil {
			return []types.Type{t}
		}
		p, ok := ssaflow.ObjectRoot(o).(*ssa.Parameter)
		if !ok {
			return nil
		}
		if ts, done := params[p]; done {
			return ts
		}
		params[p] = nil
		fn := p.Parent()
		i := slices.Index(fn.Params, p) // a static call passes a receiver first too
		var found []types.Type
		for _, call := range callers[fn] {
			if i >= len(call.Args) {
				return nil
			}
			ts := objectTypes(call.Args[i])
			if ts == nil {
				return nil // one caller passes an object the check cannot see
			}
			found = append(found, ts...)
		}
		params[p] = found
		return found
	}
	note := func(objs ...ssa.Value) {
		known := false
		for _, o := range objs {
			if ts := objectTypes(o); ts != nil {
				kept.types = append(kept.types, ts...)
				known = true
			}
		}
		if !known {
			kept.unknown = true
		}
	}
	for _, fn := range c.result.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.FieldAddr: // obj.Finalizers, read or written
					if fieldName(instr) == "Finalizers" {
						note(instr.X)
					}
				case ssa.CallInstruction:
					if objs, touches := c.finalizerCallObjects(instr.Common()); touches {
						note(objs...) // none known: an unknown object
					}
				}
			}
		}
	}
	return kept
}

// finalizerCallObjects returns the objects whose finalizers a call touches:
// the object of controllerutil's finalizer functions, the receiver of
// GetFinalizers and SetFinalizers, the objects given to a function of
// another package that adds or removes a finalizer; touches is false for
// other calls.
func (c *checker) finalizerCallObjects(call *ssa.CallCommon) (objs []ssa.Value, touches bool) {
	if call.IsInvoke() {
		if n := call.Method.Name(); n == "GetFinalizers" || n == "SetFinalizers" {
			return []ssa.Value{call.Value}, true
		}
		return nil, false
	}
	callee := call.StaticCallee()
	if callee == nil || len(call.Args) == 0 {
		return nil, false
	}
	if orig := callee.Origin(); orig != nil {
		callee = orig
	}
	if n := callee.Name(); callee.Signature.Recv() != nil && (n == "GetFinalizers" || n == "SetFinalizers") ||
		isControllerutil(callee, "AddFinalizer", "RemoveFinalizer", "ContainsFinalizer") {
		return call.Args[:1], true
	}
	if obj, ok := callee.Object().(*types.Func); ok && obj.Pkg() != c.pass.Pkg {
		var fact Returns
		if c.pass.ImportObjectFact(obj, &fact) && (fact.AddsFinalizer || fact.RemovesFinalizer) {
			for _, a := range call.Args {
				if ssaflow.ObjectType(a) != nil && isPointerOrInterface(a.Type()) {
					objs = append(objs, a)
				}
			}
			return objs, true
		}
	}
	return nil, false
}

func isPointerOrInterface(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok || types.IsInterface(t)
}

// addsFinalizer reports whether fn adds a finalizer on some path.
func (c *checker) addsFinalizer(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && c.callAdds(call.Common()) {
				return true
			}
		}
	}
	return false
}

// requeueGuarded reports whether b runs only where the Result res asks for
// a requeue: it is dominated by the edge of `res.RequeueAfter > 0` (or
// `!= 0`), `res.Requeue` or `!res.IsZero()` on which it does.
func requeueGuarded(b *ssa.BasicBlock, res ssa.Value) bool {
	for _, d := range b.Parent().Blocks {
		test, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		when, ok := requeueTest(test.Cond, res)
		if !ok {
			continue
		}
		edge := d.Succs[1]
		if when {
			edge = d.Succs[0]
		}
		if len(edge.Preds) == 1 && edge.Dominates(b) {
			return true
		}
	}
	return false
}

// requeueTest reports whether cond tests that res requeues, and for which
// value of cond it does.
func requeueTest(cond, res ssa.Value) (requeuesWhen, ok bool) {
	// res is a value, or a load of the local it lives in when the code
	// reads its fields (res.RequeueAfter keeps res in memory).
	var slot ssa.Value
	if load, ok := res.(*ssa.UnOp); ok && load.Op == token.MUL {
		slot = load.X
	}
	field := func(v ssa.Value, name string) bool {
		switch f := v.(type) {
		case *ssa.Field:
			return f.X == res && f.X.Type().Underlying().(*types.Struct).Field(f.Field).Name() == name
		case *ssa.UnOp:
			fa, ok := f.X.(*ssa.FieldAddr)
			return ok && f.Op == token.MUL && slot != nil && fa.X == slot && fieldName(fa) == name
		}
		return false
	}
	switch v := cond.(type) {
	case *ssa.UnOp:
		if v.Op == token.NOT {
			when, ok := requeueTest(v.X, res)
			return !when, ok
		}
		return true, field(v, "Requeue")
	case *ssa.Field:
		return true, field(v, "Requeue")
	case *ssa.BinOp:
		k, isConst := v.Y.(*ssa.Const)
		if !isConst || k.Value == nil || k.Value.Kind() != constant.Int || constant.Sign(k.Value) != 0 || !field(v.X, "RequeueAfter") {
			return false, false
		}
		switch v.Op {
		case token.GTR, token.NEQ:
			return true, true
		case token.EQL, token.LEQ:
			return false, true
		}
	case *ssa.Call:
		if callee := v.Call.StaticCallee(); callee != nil && callee.Name() == "IsZero" && len(v.Call.Args) == 1 &&
			(v.Call.Args[0] == res || v.Call.Args[0] == slot && slot != nil) {
			return false, true
		}
	}
	return false, false
}

// storedValue sees through a local that holds a Result: a load of it is the
// one value ever stored into it whole (`res, err := r.step(ctx)` kept in
// memory because the code reads res.RequeueAfter), when nothing stores into
// its fields.
func storedValue(v ssa.Value) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	alloc, ok := load.X.(*ssa.Alloc)
	if !ok {
		return v
	}
	var stored ssa.Value
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != alloc || stored != nil {
				return v
			}
			stored = ref.Val
		case *ssa.FieldAddr:
			for _, use := range *ref.Referrers() {
				if _, isLoad := use.(*ssa.UnOp); !isLoad {
					return v // a field written, or its address taken
				}
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return v
		}
	}
	if stored == nil {
		return v
	}
	return stored
}
