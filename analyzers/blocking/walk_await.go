package blocking

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Waits for goroutines.
//
// A goroutine does not hold the worker, but a function that starts one and
// then waits for it does, for as long as the goroutine works:
//
//	res := make(chan error, 1)
//	go func() { res <- poll(ctx) }()
//	return <-res
//
// and likewise g.Go(f) then g.Wait() on an errgroup, or wg.Wait() on a
// WaitGroup handed to the goroutines. The wait is where the worker is held,
// so the goroutines' effects are recorded as calls made at the wait.

// awaitSends records, at a receive from ch, the goroutines started in the
// same function that send on ch.
func (w *walker) awaitSends(s site, ch ssa.Value) {
	src := syncSource(ch)
	if src == nil {
		return
	}
	w.forEachGoroutine(s.fi.fn, src, func(fn *ssa.Function, target ssa.Value, call *ssa.CallCommon, args bound) {
		if sendsOn(fn, target) {
			w.callFunc(s, fn, call, args)
		}
	})
}

// awaitGroup records, at g.Wait() on an errgroup.Group or a sync.WaitGroup,
// the functions started on the same group in the same function: with g.Go(f)
// or in a go statement that is handed the group.
func (w *walker) awaitGroup(s site, group ssa.Value) {
	src := syncSource(group)
	if src == nil {
		return
	}
	w.forEachGoroutine(s.fi.fn, src, func(fn *ssa.Function, target ssa.Value, call *ssa.CallCommon, args bound) {
		if !releasesAtStart(fn, target) {
			w.callFunc(s, fn, call, args)
		}
	})
	for _, b := range s.fi.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !isGroupMethod(call.Call, "Go", "TryGo") || len(call.Call.Args) != 2 || syncSource(call.Call.Args[0]) != src {
				continue
			}
			started := call.Call.Args[1]
			if fn := funcValue(started); fn != nil {
				var free []ssa.Value
				if mc, ok := started.(*ssa.MakeClosure); ok {
					free = mc.Bindings
				}
				w.callFunc(s, fn, &ssa.CallCommon{Value: started}, bound{free: free})
			}
		}
	}
}

// releasesAtStart reports whether the goroutine fn calls Done on the
// WaitGroup target as it starts (in its first block, not deferred): the
// wait ends there, and what the goroutine does next (a watcher's loop until
// its ctx is done) does not hold the caller.
//
//	wg.Add(1)
//	go func() {
//		c.watcher = watcher
//		wg.Done()
//		for { select { case <-ctx.Done(): return; ... } }
//	}()
//	wg.Wait()
func releasesAtStart(fn *ssa.Function, target ssa.Value) bool {
	if len(fn.Blocks) == 0 {
		return false
	}
	for _, instr := range fn.Blocks[0].Instrs {
		call, ok := instr.(*ssa.Call)
		if ok && isGroupMethod(call.Call, "Done") && len(call.Call.Args) == 1 && syncSource(call.Call.Args[0]) == target {
			return true
		}
	}
	return false
}

// handedToGoroutine reports whether a go statement of fn hands ch to the
// function it starts.
func (w *walker) handedToGoroutine(fn *ssa.Function, ch ssa.Value) bool {
	src := syncSource(ch)
	if src == nil {
		return false
	}
	found := false
	w.forEachGoroutine(fn, src, func(*ssa.Function, ssa.Value, *ssa.CallCommon, bound) { found = true })
	return found
}

// forEachGoroutine calls f for each go statement of fn that hands src to the
// function it starts, with the parameter or free variable that receives it.
func (w *walker) forEachGoroutine(fn *ssa.Function, src ssa.Value, f func(started *ssa.Function, target ssa.Value, call *ssa.CallCommon, args bound)) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			g, ok := instr.(*ssa.Go)
			if !ok {
				continue
			}
			call := g.Common()
			started := call.StaticCallee()
			if started == nil {
				continue
			}
			args := bound{args: callArgs(*call)}
			var target ssa.Value
			for i, a := range call.Args {
				if syncSource(a) == src && i < len(started.Params) {
					target = started.Params[i]
				}
			}
			if mc, ok := call.Value.(*ssa.MakeClosure); ok {
				args.free = mc.Bindings
				for i, v := range mc.Bindings {
					if syncSource(v) == src && i < len(started.FreeVars) {
						target = started.FreeVars[i]
					}
				}
			}
			if target != nil {
				f(started, target, call, args)
			}
		}
	}
}

// syncSource is the variable or value that identifies a channel or group
// across a function and the closures it starts: a captured variable is
// shared by address, so its loads are traced back to it.
func syncSource(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v
			}
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
}

// sendsOn reports whether fn sends on the channel its parameter or free
// variable target holds.
func sendsOn(fn *ssa.Function, target ssa.Value) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if send, ok := instr.(*ssa.Send); ok && syncSource(send.Chan) == target {
				return true
			}
		}
	}
	return false
}

// isGroupMethod matches a static call of a method of errgroup.Group or
// sync.WaitGroup.
func isGroupMethod(call ssa.CallCommon, names ...string) bool {
	callee := call.StaticCallee()
	if callee == nil || callee.Signature.Recv() == nil {
		return false
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return false
	}
	recv := callee.Signature.Recv().Type()
	if !isNamedPtr(recv, "golang.org/x/sync/errgroup", "Group") && !isNamedPtr(recv, "sync", "WaitGroup") {
		return false
	}
	for _, n := range names {
		if obj.Name() == n {
			return true
		}
	}
	return false
}

func isNamedPtr(t types.Type, pkg, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return isNamed(t, pkg, name)
}
