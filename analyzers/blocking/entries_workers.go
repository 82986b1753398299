package blocking

import (
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"golang.org/x/tools/go/ssa"
)

const (
	workqueuePkg = "k8s.io/client-go/util/workqueue"
	kindWorker   = "workqueue handler"
)

// findWorkerHandlers marks the handlers of client-go style workers as entry
// points. A worker step takes an item from a workqueue (Get) and marks it
// done (Done), the sample-controller's processNextWorkItem; each function
// of this package it hands the item to (syncHandler, after a type
// assertion or not, directly or from a closure it passes the item to) is
// what the worker runs per item, and blocks the worker like a Reconcile.
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
				callee := ref.Call.StaticCallee()
				if callee == nil || isQueueCall(ref.Call, "Done") {
					continue
				}
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
		if tuple, ok := v.(*ssa.TypeAssert); ok && tuple.CommaOk {
			for _, ref := range *tuple.Referrers() {
				if ex, ok := ref.(*ssa.Extract); ok && ex.Index == 0 {
					items = append(items, ex)
				}
			}
		}
	}
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

// isQueueCall matches a call of method on one of client-go's workqueues,
// through its interfaces or its concrete types.
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
	return named != nil && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == workqueuePkg
}
