package finalizerleak

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A failure flag is a bool variable set to true on the branch where the
// cleanup's error was found not nil, and tested later:
//
//	failed := false
//	for _, h := range hosts {
//		if err = r.deleteRecord(h); err != nil {
//			failed = true
//		}
//	}
//	if failed {
//		return err
//	}
//	controllerutil.RemoveFinalizer(obj, name)
//
// On the edge where the flag is false, no failure was flagged since it was
// set: a path that failed and set it cannot take that edge. The state bit
// flagged is failed with the flag set; the flag's phis move a path between
// the two.
type flag struct {
	phis  map[*ssa.Phi]bool // the SSA values of the variable
	tests map[*ssa.If]bool  // the tests of it: whether it is set on Succs[0]
}

// findFlag finds the failure flag of the error whose uses are u, in fn: the
// one group of bool phis, joined by their edges and otherwise made of
// constants, whose true edges all come from blocks that run only after a
// test found the error not nil. Two such groups are none: a path would
// not say which one it set.
func (u *uses) findFlag(fn *ssa.Function) *flag {
	if len(u.nilTests) == 0 {
		return nil
	}
	boolPhis := map[*ssa.Phi]bool{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if phi, ok := instr.(*ssa.Phi); ok && types.Identical(phi.Type().Underlying(), types.Typ[types.Bool]) {
				boolPhis[phi] = true
			}
		}
	}
	// Keep the phis whose edges are constants or kept phis.
	for changed := true; changed; {
		changed = false
		for phi := range boolPhis {
			for _, e := range phi.Edges {
				if _, isConst := e.(*ssa.Const); isConst {
					continue
				}
				if p, isPhi := e.(*ssa.Phi); !isPhi || !boolPhis[p] {
					delete(boolPhis, phi)
					changed = true
					break
				}
			}
		}
	}
	var found *flag
	for _, phi := range sortedPhis(boolPhis) {
		if found != nil && found.phis[phi] {
			continue
		}
		group := map[*ssa.Phi]bool{}
		collectGroup(phi, boolPhis, group)
		if !u.setOnFailure(group) {
			continue
		}
		if found != nil {
			return nil
		}
		found = &flag{phis: group, tests: map[*ssa.If]bool{}}
	}
	if found == nil {
		return nil
	}
	for phi := range found.phis {
		for _, ref := range *phi.Referrers() {
			switch ref := ref.(type) {
			case *ssa.If:
				found.tests[ref] = true
			case *ssa.UnOp:
				if ref.Op == token.NOT {
					for _, r := range *ref.Referrers() {
						if test, ok := r.(*ssa.If); ok {
							found.tests[test] = false
						}
					}
				}
			}
		}
	}
	return found
}

// collectGroup adds to group the phis joined to phi by their edges, either way.
func collectGroup(phi *ssa.Phi, candidates, group map[*ssa.Phi]bool) {
	if group[phi] {
		return
	}
	group[phi] = true
	for _, e := range phi.Edges {
		if p, ok := e.(*ssa.Phi); ok && candidates[p] {
			collectGroup(p, candidates, group)
		}
	}
	for _, ref := range *phi.Referrers() {
		if p, ok := ref.(*ssa.Phi); ok && candidates[p] {
			collectGroup(p, candidates, group)
		}
	}
}

// setOnFailure reports whether the group is set to true somewhere, and
// only in blocks that run after a test found the error not nil.
func (u *uses) setOnFailure(group map[*ssa.Phi]bool) bool {
	set := false
	for phi := range group {
		for i, e := range phi.Edges {
			k, ok := e.(*ssa.Const)
			if !ok || k.Value == nil || k.Value.Kind() != constant.Bool || !constant.BoolVal(k.Value) {
				continue
			}
			if !u.afterFailure(phi.Block().Preds[i]) {
				return false
			}
			set = true
		}
	}
	return set
}

// afterFailure reports whether b runs only on the branch of a test that
// found the error not nil.
func (u *uses) afterFailure(b *ssa.BasicBlock) bool {
	for test, nonNilOn0 := range u.nilTests {
		failedSucc := test.Block().Succs[1]
		if nonNilOn0 {
			failedSucc = test.Block().Succs[0]
		}
		if len(failedSucc.Preds) == 1 && failedSucc.Dominates(b) {
			return true
		}
	}
	return false
}

// flagEdge is the state on the edge from one block to the next, given the
// state s that edge() gave: a test of the flag that finds it false drops
// the paths that set it, and the flag's phis in to set or clear it.
func (u *uses) flagEdge(from, to *ssa.BasicBlock, test *ssa.If, i int, s state) state {
	if u.flag == nil {
		return s
	}
	if setOn0, ok := u.flag.tests[test]; ok && (i == 0) != setOn0 {
		s &^= flagged
	}
	pred := slices.Index(to.Preds, from)
	for _, instr := range to.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		k, isConst := phi.Edges[pred].(*ssa.Const)
		if !u.flag.phis[phi] || !isConst || k.Value == nil {
			continue
		}
		switch {
		case constant.BoolVal(k.Value) && s&failed != 0:
			s = s&^failed | flagged
		case !constant.BoolVal(k.Value) && s&flagged != 0:
			s = s&^flagged | failed
		}
	}
	return s
}

// sortedPhis lists phis in block and instruction order, for a result that
// does not depend on map order.
func sortedPhis(set map[*ssa.Phi]bool) []*ssa.Phi {
	phis := make([]*ssa.Phi, 0, len(set))
	for phi := range set {
		phis = append(phis, phi)
	}
	slices.SortFunc(phis, func(a, b *ssa.Phi) int {
		if a.Block().Index != b.Block().Index {
			return a.Block().Index - b.Block().Index
		}
		return indexOf(a.Block(), a) - indexOf(b.Block(), b)
	})
	return phis
}
