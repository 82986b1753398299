package blocking

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"golang.org/x/tools/go/ssa"
)

const (
	workqueuePkg = "k8s.io/client-go/util/workqueue"
	kindWorker   = "workqueue handler"
)

// findWorkerHandlers marks the handlers of client-go style workers as entry
// points. A worker step takes an item from a queue (Get) and marks it done
// (Done), the sample-controller's processNextWorkItem; the queue is
// client-go's workqueue, a type wrapping it, or one of the controller's
// own with the same Get and Done (see isQueueCall). Each function of this
// package it hands the item to (syncHandler, after a type assertion or
// not, directly, through a method value or a func field, through an
// interface, from a closure it passes the item to, or as a handler the
// step was given: processNextItem(c.queue, c.syncHandler)) is what the worker
// runs per item, and blocks the worker like a Reconcile. How the worker's
// goroutines are started (go, wait.Until, a pool) does not matter.
func (w *walker) findWorkerHandlers() {
	for _, fi := range w.funcs {
		if fi.fn.Parent() != nil || !callsQueue(fi.fn, "Done") {
			continue
		}
		for _, b := range fi.fn.Blocks {
			for _, instr := range b.Instrs {
				if get, ok := instr.(*ssa.Call); ok && isQueueCall(get.Call, "Get") {
					w.handItem(fi.fn, get, map[ssa.Value]bool{})
				}
			}
		}
	}
}

// handItem follows the item a Get returns (its first result) to the calls
// that receive it.
func (w *walker) handItem(fn *ssa.Function, get *ssa.Call, seen map[ssa.Value]bool) {
	var items []ssa.Value
	for _, ref := range *get.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index == 0 {
			items = append(items, ex)
		}
	}
	for len(items) > 0 {
		v := items[len(items)-1]
		items = items[:len(items)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.TypeAssert, *ssa.ChangeType, *ssa.MakeInterface:
				items = append(items, ref.(ssa.Value))
			case *ssa.Extract:
				if ref.Index == 0 {
					items = append(items, ref)
				}
			case *ssa.Call:
				if isQueueCall(ref.Call, "Done") {
					continue
				}
				for _, callee := range w.handlersCalled(ref.Call) {
					local, _ := w.resolve(callee)
					if local == nil {
						continue
					}
					if local.Parent() != nil { // a closure given the item: follow it inside
						for i, a := range ref.Call.Args {
							if a == v && i < len(local.Params) {
								items = append(items, local.Params[i])
							}
						}
						continue
					}
					w.workerHandlers[local] = true
				}
			}
		}
		if tuple, ok := v.(*ssa.TypeAssert); ok && tuple.CommaOk {
			for _, ref := range *tuple.Referrers() {
				if ex, ok := ref.(*ssa.Extract); ok && ex.Index == 0 {
					items = append(items, ex)
				}
			}
		}
	}
}

// handlersCalled lists the functions a call that receives a worker's item
// may run: its static callee; for a call through an interface, the
// package's implementations (see implementations); for a call of a func
// value, the functions and method values it holds (funcValues).
func (w *walker) handlersCalled(call ssa.CallCommon) []*ssa.Function {
	if callee := call.StaticCallee(); callee != nil {
		return []*ssa.Function{callee}
	}
	if call.IsInvoke() {
		var fns []*ssa.Function
		for _, m := range w.calls.implementations(&call) {
			if fn := w.pkg.Prog.FuncValue(m); fn != nil {
				fns = append(fns, fn)
			}
		}
		return fns
	}
	return w.funcValues(call.Value, 0)
}

// maxHandlerDepth bounds how far funcValues follows a func value back.
const maxHandlerDepth = 3

// funcValues lists the functions v may hold: a function, a closure or a
// method value (`c.syncHandler = c.syncCluster`), directly or through a
// struct field this package stores them into.
func (w *walker) funcValues(v ssa.Value, depth int) []*ssa.Function {
	if depth > maxHandlerDepth {
		return nil
	}
	switch v := v.(type) {
	case *ssa.Function:
		return []*ssa.Function{v}
	case *ssa.MakeClosure:
		if fn, ok := v.Fn.(*ssa.Function); ok {
			return []*ssa.Function{fn}
		}
	case *ssa.ChangeType: // a function given a named func type
		return w.funcValues(v.X, depth+1)
	case *ssa.FreeVar: // a closure's captured handler: what its makers bind
		return w.boundValues(v, depth)
	case *ssa.UnOp: // a captured variable, read through its address
		if fns := w.storedFuncs(v.X, depth); v.Op == token.MUL && len(fns) > 0 {
			return fns
		}
	case *ssa.Parameter: // a worker step given its handler: what the callers pass
		return w.passedValues(v, depth)
	}
	field := loadedField(v)
	if field == nil {
		return nil
	}
	var fns []*ssa.Function
	for _, fi := range w.funcs {
		for _, b := range fi.fn.Blocks {
			for _, instr := range b.Instrs {
				store, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				if fa, ok := store.Addr.(*ssa.FieldAddr); ok && fieldVar(fa.X.Type(), fa.Field) == field {
					for _, fn := range w.funcValues(store.Val, depth+1) {
						if !slices.Contains(fns, fn) {
							fns = append(fns, fn)
						}
					}
				}
			}
		}
	}
	return fns
}

// boundValues lists the functions the closures that bind free variable v
// capture in it.
func (w *walker) boundValues(v *ssa.FreeVar, depth int) []*ssa.Function {
	var fns []*ssa.Function
	for _, b := range bindings(v) {
		fns = appendNew(fns, w.funcValues(b, depth+1)...)
	}
	return fns
}

// bindings lists the values that the MakeClosures of v's function, in the
// function that makes it, bind to v.
func bindings(v *ssa.FreeVar) []ssa.Value {
	fn := v.Parent()
	i := slices.Index(fn.FreeVars, v)
	if i < 0 || fn.Parent() == nil {
		return nil
	}
	var bound []ssa.Value
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && i < len(mc.Bindings) {
				bound = append(bound, mc.Bindings[i])
			}
		}
	}
	return bound
}

// storedFuncs lists the functions stored at addr: a local a closure
// captured (the closure reads it through its free variable, bound to the
// local's address).
func (w *walker) storedFuncs(addr ssa.Value, depth int) []*ssa.Function {
	if depth > maxHandlerDepth {
		return nil
	}
	switch addr := addr.(type) {
	case *ssa.FreeVar:
		var fns []*ssa.Function
		for _, b := range bindings(addr) {
			fns = appendNew(fns, w.storedFuncs(b, depth+1)...)
		}
		return fns
	case *ssa.Alloc:
		var fns []*ssa.Function
		for _, ref := range *addr.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == addr {
				fns = appendNew(fns, w.funcValues(st.Val, depth+1)...)
			}
		}
		return fns
	}
	return nil
}

// passedValues lists the functions that this package's calls of v's
// function pass as v: processNextItem(c.queue, c.syncHandler).
func (w *walker) passedValues(v *ssa.Parameter, depth int) []*ssa.Function {
	fn := v.Parent()
	i := slices.Index(fn.Params, v)
	if i < 0 || fn.Signature.Recv() != nil {
		return nil // a method's: its callers are dispatched, not seen here
	}
	var fns []*ssa.Function
	for _, fi := range w.funcs {
		for _, b := range fi.fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || call.Common().StaticCallee() != fn || i >= len(call.Common().Args) {
					continue
				}
				fns = appendNew(fns, w.funcValues(call.Common().Args[i], depth+1)...)
			}
		}
	}
	return fns
}

func appendNew(fns []*ssa.Function, more ...*ssa.Function) []*ssa.Function {
	for _, fn := range more {
		if !slices.Contains(fns, fn) {
			fns = append(fns, fn)
		}
	}
	return fns
}

// callsQueue reports whether fn or a closure in it calls method on a workqueue.
func callsQueue(fn *ssa.Function, method string) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && isQueueCall(*call.Common(), method) {
				return true
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if callsQueue(anon, method) {
			return true
		}
	}
	return false
}

// isQueueCall matches a call of method on a work queue: one of client-go's
// workqueues, through its interfaces or its concrete types, or any type
// with a queue's Get and Done (queueShaped): a wrapper of a workqueue, or a
// priority queue of the controller's own.
func isQueueCall(call ssa.CallCommon, method string) bool {
	obj := ssaflow.CalleeObject(call)
	if obj == nil || obj.Name() != method {
		return false
	}
	recv := obj.Signature().Recv()
	if call.IsInvoke() {
		recv = types.NewVar(0, nil, "", call.Value.Type())
	}
	if recv == nil {
		return false
	}
	named := namedOf(recv.Type())
	if named != nil && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == workqueuePkg {
		return true
	}
	return queueShaped(recv.Type())
}

// queueShaped reports whether t has the methods of a work queue: Get()
// returning an item and whether the queue shut down, and Done(item).
func queueShaped(t types.Type) bool {
	ms := types.NewMethodSet(t)
	if _, isPtr := t.Underlying().(*types.Pointer); !isPtr && !types.IsInterface(t) {
		ms = types.NewMethodSet(types.NewPointer(t))
	}
	method := func(name string) *types.Signature {
		sel := ms.Lookup(nil, name)
		if sel == nil {
			return nil
		}
		sig, _ := sel.Type().(*types.Signature)
		return sig
	}
	get, done := method("Get"), method("Done")
	if get == nil || done == nil || get.Params().Len() != 0 || get.Results().Len() != 2 ||
		done.Params().Len() != 1 || done.Results().Len() != 0 {
		return false
	}
	shutdown, ok := get.Results().At(1).Type().Underlying().(*types.Basic)
	return ok && shutdown.Kind() == types.Bool && types.Identical(get.Results().At(0).Type(), done.Params().At(0).Type())
}
