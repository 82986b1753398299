package finalizerrequeue

import (
	"go/token"
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

const controllerutilPkg = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

// finalizerHeld computes, for each block of region, whether the finalizer may
// still be set when the block starts. It is set (or unknown) where the region
// starts, unset on the edge where a ContainsFinalizer test fails, and unset
// after RemoveFinalizer, SetFinalizers or a call that does either.
func (c *checker) finalizerHeld(fn *ssa.Function, region map[*ssa.BasicBlock]bool) map[*ssa.BasicBlock]bool {
	in := make(map[*ssa.BasicBlock]bool)
	for b := range region {
		if len(b.Preds) == 0 {
			in[b] = true
		}
		for _, p := range b.Preds {
			if !region[p] {
				in[b] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, b := range fn.Blocks {
			if !region[b] || !in[b] || c.removesBefore(b, nil) {
				continue
			}
			for i, s := range b.Succs {
				if region[s] && !absentOnEdge(b, i) && !in[s] {
					in[s], changed = true, true
				}
			}
		}
	}
	return in
}

// removesBefore reports whether block b removes the finalizer before the
// instruction stop, or anywhere in b if stop is nil.
func (c *checker) removesBefore(b *ssa.BasicBlock, stop ssa.Instruction) bool {
	for _, instr := range b.Instrs {
		if instr == stop {
			return false
		}
		call, ok := instr.(ssa.CallInstruction)
		if !ok {
			continue
		}
		if _, async := instr.(*ssa.Go); !async && c.callRemoves(call.Common()) {
			return true
		}
	}
	return false
}

func (c *checker) callRemoves(call *ssa.CallCommon) bool {
	if call.IsInvoke() {
		return call.Method.Name() == "SetFinalizers"
	}
	callee := call.StaticCallee()
	if callee == nil {
		return false
	}
	if orig := callee.Origin(); orig != nil {
		callee = orig
	}
	if callee.Name() == "SetFinalizers" || isControllerutil(callee, "RemoveFinalizer") {
		return true
	}
	if obj, ok := callee.Object().(*types.Func); ok && obj.Pkg() != c.pass.Pkg {
		var fact Returns
		return c.pass.ImportObjectFact(obj, &fact) && fact.RemovesFinalizer
	}
	return c.removesFinalizer(callee)
}

// removesFinalizer reports whether a function of this package removes a
// finalizer on some path.
func (c *checker) removesFinalizer(fn *ssa.Function) bool {
	if done, ok := c.removes[fn]; ok {
		return done
	}
	c.removes[fn] = false // recursion: assume not
	for _, b := range fn.Blocks {
		if c.removesBefore(b, nil) {
			c.removes[fn] = true
			return true
		}
	}
	return false
}

// absentOnEdge reports whether the finalizer is known absent on the edge
// from b to its i-th successor: b ends with a failed presence test.
func absentOnEdge(b *ssa.BasicBlock, i int) bool {
	test, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	presentWhen, ok := presenceTest(test.Cond)
	return ok && (i == 0) != presentWhen
}

// presenceTest matches controllerutil.ContainsFinalizer(obj, f) and
// slices.Contains(obj.GetFinalizers(), f), and their negations.
func presenceTest(cond ssa.Value) (presentWhen, ok bool) {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			when, ok := presenceTest(c.X)
			return !when, ok
		}
	case *ssa.Call:
		callee := c.Call.StaticCallee()
		if isControllerutil(callee, "ContainsFinalizer") {
			return true, true
		}
		if callee == nil {
			return false, false
		}
		if orig := callee.Origin(); orig != nil {
			callee = orig
		}
		if obj, ok := callee.Object().(*types.Func); ok && obj.Pkg() != nil && obj.Pkg().Path() == "slices" &&
			obj.Name() == "Contains" && len(c.Call.Args) == 2 && blocking.IsCallOf(c.Call.Args[0], "GetFinalizers") {
			return true, true
		}
	}
	return false, false
}

func isControllerutil(fn *ssa.Function, names ...string) bool {
	if fn == nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || model.PkgPath(obj.Pkg()) != controllerutilPkg {
		return false
	}
	for _, n := range names {
		if obj.Name() == n {
			return true
		}
	}
	return false
}
