package finalizerleak

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// What is known of the cleanup's error at a point, as a set of bits: one
// path may have tested it and another not.
type state uint8

const (
	untested state = 1 << iota // nobody looked at it
	failed                     // known not nil, and not a NotFound
	fine                       // nil, or a NotFound: the resource is gone
	decided                    // the call's other results (done, exists) were tested
	flagged                    // failed, and a failure flag was set since (see flag)
)

// failing is a path on which the error is known not nil.
const failing = failed | flagged

// uses is what the code does with the cleanup's error.
type uses struct {
	nilTests      map[*ssa.If]bool // the tests of err != nil (true) or err == nil (false): which way is not nil
	notFoundTests map[*ssa.If]bool // the tests of IsNotFound(err): which way it is NotFound (true: Succs[0])
	outcomeTests  map[*ssa.If]bool // tests of the call's other results (done, exists): the outcome was read
	logged        []token.Pos      // logging calls given the error
	unknown       bool             // a use the check cannot follow (stored, aggregated, passed on)
	flag          *flag            // the variable that says it failed, if any
	seen          map[ssa.Value]bool
}

// dropped reports whether the error of call may be non-nil where removal
// runs, on some path that neither returns nor proves the error nil or a
// NotFound, and says how it is dropped.
func (c *checker) dropped(call *ssa.Call, removal ssa.Instruction) (string, bool) {
	u := c.errorUses(call)
	if u.unknown {
		return "", false // aggregated, stored, wrapped: the check cannot tell
	}
	at := reach(call, is(removal), u)
	if at&(untested|failing) == 0 {
		return "", false
	}
	switch {
	case len(u.logged) > 0:
		return "its error is only logged (" + c.result.Frame(call.Parent(), u.logged[0]).Pos + ")", true
	case at&failing != 0:
		return "its error is checked but that branch falls through to the removal", true
	}
	return "its error is discarded", true
}

// errorUses classifies what the code does with the error call returns (a
// call that returns none has no uses).
func (c *checker) errorUses(call *ssa.Call) *uses {
	u := &uses{nilTests: map[*ssa.If]bool{}, notFoundTests: map[*ssa.If]bool{}, outcomeTests: map[*ssa.If]bool{}, seen: map[ssa.Value]bool{}}
	results := call.Call.Signature().Results()
	var errValue ssa.Value = call
	if results.Len() == 0 || !isError(results.At(results.Len()-1).Type()) {
		errValue = nil
		u.outcome(call, 0) // no error: what it returns is its outcome
		if results.Len() > 1 {
			for _, ref := range *call.Referrers() {
				if ex, ok := ref.(*ssa.Extract); ok {
					u.outcome(ex, 0)
				}
			}
		}
	} else if results.Len() > 1 {
		errValue = nil
		for _, ref := range *call.Referrers() {
			ex, ok := ref.(*ssa.Extract)
			if !ok {
				continue
			}
			if ex.Index == results.Len()-1 {
				errValue = ex
			} else {
				u.outcome(ex, 0)
			}
		}
	}
	if errValue != nil {
		u.follow(errValue, 0)
		u.flag = u.findFlag(call.Parent())
	}
	return u
}

func is(target ssa.Instruction) func(ssa.Instruction) bool {
	return func(instr ssa.Instruction) bool { return instr == target }
}

// follow classifies the uses of the error v (or of a value that stands for
// it, like client.IgnoreNotFound(err)).
func (u *uses) follow(v ssa.Value, depth int) {
	if u.seen[v] {
		return
	}
	u.seen[v] = true
	if depth > 4 {
		u.unknown = true
		return
	}
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.BinOp:
			if (ref.Op != token.EQL && ref.Op != token.NEQ) || !isNilConst(ref.X) && !isNilConst(ref.Y) {
				u.unknown = true
				continue
			}
			u.branches(ref, func(test *ssa.If, holds bool) { u.nilTests[test] = (ref.Op == token.NEQ) == holds })
		case *ssa.Call:
			switch {
			case isLogging(&ref.Call):
				u.logged = append(u.logged, ref.Pos())
			case notFoundTest(&ref.Call):
				negated := negatedTest(&ref.Call)
				u.branches(ref, func(test *ssa.If, holds bool) { u.notFoundTests[test] = holds != negated })
			case calledName(&ref.Call) == "IgnoreNotFound":
				u.follow(ref, depth+1) // nil when err is nil or a NotFound
			case unwraps(&ref.Call):
				u.follow(ref, depth+1) // errors.Cause(err): the same failure
			case classifies(&ref.Call):
				// errors.As(err, &target): which kind of failure; on either
				// branch the error is what it was.
				u.branches(ref, func(*ssa.If, bool) {})
			case calledName(&ref.Call) == "Error" && len(ref.Call.Args) == 0 && u.onlyLogged(ref, depth+1):
			case u.onlyReturned(ref):
			default:
				u.unknown = true
			}
		case *ssa.MakeInterface, *ssa.ChangeInterface:
			if !u.onlyLogged(ref.(ssa.Value), depth+1) && !u.onlyReturned(ref.(ssa.Value)) {
				u.unknown = true
			}
		case *ssa.Return:
			// Leaves the function: no path through it reaches the removal.
		case *ssa.Phi:
			// The variable the error was assigned to, joined where paths
			// meet (a loop's last error): a test of it tests the error
			// on the paths from the call, when the variable holds
			// nothing else but nil.
			if !carries(ref, v, map[*ssa.Phi]bool{}) {
				u.unknown = true
				continue
			}
			u.follow(ref, depth+1)
		case *ssa.Store:
			// return err, in a function with defers: stored for the return.
			if ref.Val != v || !resultSlot(ref.Addr) {
				u.unknown = true
			}
		case *ssa.TypeAssert:
			// _, ok := err.(*DeleteNotFound): a test of a NotFound.
			if !ref.CommaOk || !saysGone(types.TypeString(ref.AssertedType, nil)) {
				u.unknown = true
				continue
			}
			for _, r := range *ref.Referrers() {
				if ex, ok := r.(*ssa.Extract); ok && ex.Index == 1 {
					u.branches(ex, func(test *ssa.If, holds bool) { u.notFoundTests[test] = holds })
				}
			}
		default:
			u.unknown = true // a phi, a store, a field: followed no further
		}
	}
}

// branches calls record for each If that tests cond, directly or negated,
// with whether cond holds on its Succs[0].
func (u *uses) branches(cond ssa.Value, record func(test *ssa.If, holds bool)) {
	for _, ref := range *cond.Referrers() {
		switch ref := ref.(type) {
		case *ssa.If:
			record(ref, true)
		case *ssa.UnOp:
			if ref.Op != token.NOT {
				u.unknown = true
				continue
			}
			for _, r := range *ref.Referrers() {
				if test, ok := r.(*ssa.If); ok {
					record(test, false)
				} else if _, ok := r.(*ssa.DebugRef); !ok {
					u.unknown = true
				}
			}
		case *ssa.DebugRef:
		default:
			u.unknown = true // kept in a variable, or joined with || into a phi
		}
	}
}

// outcome records the tests of a result other than the error (done,
// exists): a removal guarded by one was decided on what the call said.
func (u *uses) outcome(v ssa.Value, depth int) {
	if depth > 2 {
		return
	}
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.If:
			u.outcomeTests[ref] = true
		case *ssa.UnOp, *ssa.BinOp:
			u.outcome(ref.(ssa.Value), depth+1)
		}
	}
}

// onlyLogged reports whether every use of v (the error as an interface, its
// message) ends in a logging call: log.Error(err, ...), log.Info("...", "err", err).
func (u *uses) onlyLogged(v ssa.Value, depth int) bool {
	if depth > 5 || v.Referrers() == nil {
		return false
	}
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.Call:
			if isLogging(&ref.Call) {
				u.logged = append(u.logged, ref.Pos())
				continue
			}
			// fmt.Sprintf("...: %v", err) handed to a logger.
			if obj, ok := calleeObject(&ref.Call); !ok || obj.Pkg() == nil || obj.Pkg().Path() != "fmt" ||
				!strings.HasPrefix(obj.Name(), "Sprint") || !u.onlyLogged(ref, depth+1) {
				return false
			}
		case *ssa.MakeInterface, *ssa.BinOp:
			if !u.onlyLogged(ref.(ssa.Value), depth+1) {
				return false
			}
		case *ssa.Store: // into the array of a variadic call: follow the slice
			ia, ok := ref.Addr.(*ssa.IndexAddr)
			if !ok || ref.Val != v {
				return false
			}
			array, ok := ia.X.(*ssa.Alloc)
			if !ok || !u.arrayLogged(array, depth+1) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// arrayLogged reports whether the array of a variadic call is handed only
// to logging calls.
func (u *uses) arrayLogged(array *ssa.Alloc, depth int) bool {
	sawSlice := false
	for _, ref := range *array.Referrers() {
		switch ref := ref.(type) {
		case *ssa.IndexAddr:
		case *ssa.Slice:
			if !u.onlyLogged(ref, depth) {
				return false
			}
			sawSlice = true
		default:
			return false
		}
	}
	return sawSlice
}

// onlyReturned matches a value made from the error that is only returned:
// fmt.Errorf("...: %w", err) in a return leaves the function.
func (u *uses) onlyReturned(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.Return, *ssa.DebugRef:
		case *ssa.Store: // into the array of fmt.Errorf's arguments
			if ref.Val == v && resultSlot(ref.Addr) {
				continue
			}
			ia, ok := ref.Addr.(*ssa.IndexAddr)
			if !ok {
				return false
			}
			array, ok := ia.X.(*ssa.Alloc)
			if !ok || !arrayReturned(array) {
				return false
			}
		case *ssa.Call, *ssa.MakeInterface, *ssa.Extract:
			// a helper that wraps it: return requeueWithError(log, msg, err)
			if !u.onlyReturned(ref.(ssa.Value)) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// carries reports whether the phi holds only the error v, nil, or phis that
// hold the same.
func carries(phi *ssa.Phi, v ssa.Value, seen map[*ssa.Phi]bool) bool {
	if seen[phi] {
		return true
	}
	seen[phi] = true
	for _, e := range phi.Edges {
		switch e := e.(type) {
		case *ssa.Const:
			if !e.IsNil() {
				return false
			}
		case *ssa.Phi:
			if e != phi && !carries(e, v, seen) {
				return false
			}
		default:
			if e != v {
				return false
			}
		}
	}
	return true
}

// classifies matches errors.As and errors.Is (of the standard library or a
// package named errors) with a target that says nothing of NotFound: they
// tell failures apart, none of them is success.
func classifies(call *ssa.CallCommon) bool {
	obj, ok := calleeObject(call)
	if !ok || obj.Pkg() == nil || obj.Name() != "As" && obj.Name() != "Is" {
		return false
	}
	path := obj.Pkg().Path()
	return path == "errors" || strings.HasSuffix(path, "/errors")
}

// unwraps matches a func(error) error (errors.Cause, errors.Unwrap,
// errors.WithStack): what it returns stands for the error it is handed,
// nil when that is nil, a NotFound when that is one.
func unwraps(call *ssa.CallCommon) bool {
	sig := call.Signature()
	return sig != nil && sig.Params().Len() == 1 && sig.Results().Len() == 1 &&
		isError(sig.Params().At(0).Type()) && isError(sig.Results().At(0).Type())
}

// resultSlot matches the local a function with defers returns its result
// through: every load of it is returned. A store into it returns.
func resultSlot(addr ssa.Value) bool {
	alloc, ok := addr.(*ssa.Alloc)
	if !ok || alloc.Heap {
		return false
	}
	loaded := false
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store, *ssa.DebugRef:
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return false
			}
			for _, r := range *ref.Referrers() {
				if _, ok := r.(*ssa.Return); !ok {
					return false
				}
			}
			loaded = true
		default:
			return false
		}
	}
	return loaded
}

func arrayReturned(array *ssa.Alloc) bool {
	for _, ref := range *array.Referrers() {
		switch ref := ref.(type) {
		case *ssa.IndexAddr:
		case *ssa.Slice:
			for _, r := range *ref.Referrers() {
				call, ok := r.(*ssa.Call)
				if !ok || !(&uses{}).onlyReturned(call) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// notFoundTest matches IsNotFound(err) of any package (apierrors, a cloud
// SDK's), os.IsNotExist(err), errors.Is(err, target) where the target's
// name says NotFound or NotExist, and errors.As(err, &target) where its
// type's does (errors.As(err, &humioapi.EntityNotFound{})).
func notFoundTest(call *ssa.CallCommon) bool {
	name := calledName(call)
	if strings.HasPrefix(name, "Is") && saysGone(name) {
		return true
	}
	obj, ok := calleeObject(call)
	if !ok || obj.Pkg() == nil || (obj.Pkg().Path() != "errors" && !strings.HasSuffix(obj.Pkg().Path(), "/errors")) || len(call.Args) != 2 {
		return false
	}
	switch obj.Name() {
	case "Is":
		return saysGone(valueName(call.Args[1]))
	case "As":
		target := call.Args[1]
		if mi, ok := target.(*ssa.MakeInterface); ok {
			target = mi.X
		}
		ptr, ok := target.Type().Underlying().(*types.Pointer)
		return ok && saysGone(types.TypeString(ptr.Elem(), nil))
	}
	return false
}

// negatedTest matches a generic test whose type argument names the
// NotFound and whose name says not: IsNotErrorType[*DeleteNotFound](err)
// holds when err is anything else.
func negatedTest(call *ssa.CallCommon) bool {
	name := calledName(call)
	base, _, generic := strings.Cut(name, "[")
	return generic && strings.HasPrefix(base, "IsNot") && !saysGone(base)
}

func saysGone(name string) bool {
	name = strings.ToLower(name)
	return strings.Contains(name, "notfound") || strings.Contains(name, "notexist")
}

// valueName names what a value was read from: a global, a field, a call.
func valueName(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.UnOp:
		return valueName(v.X)
	case *ssa.Global:
		return v.Name()
	case *ssa.FieldAddr:
		return v.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct).Field(v.Field).Name()
	case *ssa.Call:
		return calledName(&v.Call)
	case *ssa.MakeInterface:
		return types.TypeString(v.X.Type(), nil) + valueName(v.X)
	}
	return ""
}

func calleeObject(call *ssa.CallCommon) (*types.Func, bool) {
	callee := origin(call.StaticCallee())
	if callee == nil {
		return nil, false
	}
	obj, ok := callee.Object().(*types.Func)
	return obj, ok
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// reach computes what is known of the error where target instructions run
// (the removal), on the paths from call that do not call it again: the
// union over those paths.
func reach(call *ssa.Call, target func(ssa.Instruction) bool, u *uses) state {
	start := call.Block()
	in := map[*ssa.BasicBlock]state{}
	var at state
	// scan runs the block from instruction i with s; it returns the state
	// at the end, or 0 when the call runs again (a loop) and starts anew.
	scan := func(b *ssa.BasicBlock, i int, s state) state {
		for ; i < len(b.Instrs); i++ {
			switch instr := b.Instrs[i]; {
			case target(instr):
				at |= s
			case instr == call:
				return 0
			}
		}
		return s
	}
	work := []*ssa.BasicBlock{start}
	out := map[*ssa.BasicBlock]state{start: scan(start, indexOf(start, call)+1, untested)}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		s := out[b]
		if s == 0 {
			continue
		}
		test, _ := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		for i, succ := range b.Succs {
			next := u.flagEdge(b, succ, test, i, edge(u, test, i, s))
			if in[succ]|next == in[succ] {
				continue
			}
			in[succ] |= next
			out[succ] = scan(succ, 0, in[succ])
			work = append(work, succ)
		}
	}
	return at
}

// edge is the state on the i-th edge out of a block that ends with test
// (nil if it ends otherwise), given the state s at its end.
func edge(u *uses, test *ssa.If, i int, s state) state {
	if test == nil {
		return s
	}
	if u.outcomeTests[test] {
		return decided
	}
	if nonNilOn0, ok := u.nilTests[test]; ok {
		if (i == 0) != nonNilOn0 {
			return fine // the error is nil on this edge
		}
		if s&untested != 0 {
			s = s&^untested | failed // a NotFound found before stays fine
		}
		return s
	}
	if foundOn0, ok := u.notFoundTests[test]; ok && (i == 0) == foundOn0 {
		return fine
	}
	return s
}

func indexOf(b *ssa.BasicBlock, instr ssa.Instruction) int {
	for i, in := range b.Instrs {
		if in == instr {
			return i
		}
	}
	return -1
}
