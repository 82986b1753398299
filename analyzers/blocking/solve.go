package blocking

import (
	"cmp"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// solve computes summaries bottom-up over the strongly connected components
// of the package's call graph, iterating each component to a fixpoint.
func (w *walker) solve() {
	index := make(map[*ssa.Function]int, len(w.funcs))
	for i, fi := range w.funcs {
		index[fi.fn] = i
		fi.summary = fi.base.clone()
	}
	components := stronglyConnected(len(w.funcs), func(i int) []int {
		var succ []int
		for _, c := range w.funcs[i].calls {
			succ = append(succ, index[c.callee])
		}
		// Functions used as values (method values, func literals) may be
		// what a dispatch resolves to when a call is decided: their
		// summaries must be complete first.
		for _, fn := range w.referenced(w.funcs[i].fn) {
			succ = append(succ, index[fn])
		}
		return succ
	})
	// A callee's sorted summary, kept until the summary changes: a caller
	// with many calls of one helper sorts it once.
	sorted := make(map[*funcInfo][]Effect)
	for _, component := range components {
		for changed := true; changed; {
			changed = false
			for _, i := range component {
				fi := w.funcs[i]
				for _, c := range slices.Concat(fi.calls, fi.callbacks) {
					effects := c.effects
					if c.callee != nil {
						callee := w.byFunc[c.callee]
						if _, ok := sorted[callee]; !ok {
							sorted[callee] = callee.summary.sorted()
						}
						effects = sorted[callee]
					}
					for _, e := range effects {
						for _, e := range w.decide(e, c.args) {
							if c.guessed {
								e.Unproven = true
							}
							if fi.summary.add(e.guarded(c.guard).prefixed(c.frame, c.inLoop).repeated(c.times).enabledBy(c.onlyIf)) {
								changed = true
								delete(sorted, fi)
							}
						}
					}
				}
			}
		}
	}
}

// referenced lists the functions of this package that fn uses as values.
func (w *walker) referenced(fn *ssa.Function) []*ssa.Function {
	var refs []*ssa.Function
	var operands []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			operands = instr.Operands(operands[:0])
			for _, op := range operands {
				f, ok := (*op).(*ssa.Function)
				if !ok {
					continue
				}
				if local, _ := w.resolve(f); local != nil && local != fn {
					refs = append(refs, local)
				}
			}
		}
	}
	return refs
}

// effectSet holds one effect per sink, with the shortest chain seen.
type effectSet map[string]Effect

// add merges e and reports whether the set changed.
func (s effectSet) add(e Effect) bool {
	k := e.key()
	old, ok := s[k]
	if !ok {
		s[k] = e
		return true
	}
	if !shorter(e, old) {
		return false
	}
	s[k] = e
	return true
}

func (s effectSet) clone() effectSet {
	c := make(effectSet, len(s))
	for k, e := range s {
		c[k] = e
	}
	return c
}

// sorted returns the effects in key order. The set's keys are the effects'
// keys, computed once when they were added: sorting by them is cheap.
func (s effectSet) sorted() []Effect {
	keys := slices.Sorted(maps.Keys(s))
	effects := make([]Effect, len(keys))
	for i, k := range keys {
		effects[i] = s[k]
	}
	return effects
}

// forFact returns the effects a fact keeps, in key order, at most
// MaxEffects of them: one per sink (and loop and requirements), the
// shortest. An importer sees every chain of a callee start at its own call,
// one place, so the package's several places to a sink are one there.
func (s effectSet) forFact() []Effect {
	shortest := make(map[string]Effect)
	for _, e := range s {
		k := e.sinkKey()
		if old, ok := shortest[k]; !ok || shorter(e, old) {
			shortest[k] = e
		}
	}
	byKey := make(effectSet, len(shortest))
	for _, e := range shortest {
		byKey[e.key()] = e
	}
	return keepAtMost(byKey.sorted(), MaxEffects)
}

// keepAtMost returns at most n of effects, in the order given. Past n, the calls of a sink it already keeps go first:
// a component that calls its client seventy times, then polls, keeps the
// poll, where cutting the sorted list would have kept seventy client calls
// and dropped the one wait (cutting by key is still how the repeats of one
// sink are chosen, so the result does not depend on the walk).
func keepAtMost(effects []Effect, n int) []Effect {
	if len(effects) <= n {
		return effects
	}
	rank := make([]int, len(effects)) // how many of the same sink come before
	seen := make(map[string]int)
	for i, e := range effects {
		rank[i] = seen[e.Sink]
		seen[e.Sink]++
	}
	order := make([]int, len(effects))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rank[a], rank[b]) })
	kept := order[:n]
	slices.Sort(kept)
	out := make([]Effect, n)
	for i, k := range kept {
		out[i] = effects[k]
	}
	return out
}

// stronglyConnected returns the strongly connected components of a graph of n
// nodes (Tarjan's algorithm). A component comes after every component it
// reaches, so callees come before their callers.
func stronglyConnected(n int, succ func(int) []int) [][]int {
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	var components [][]int
	next := 0
	var visit func(v int)
	visit = func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, u := range succ(v) {
			switch {
			case index[u] < 0:
				visit(u)
				low[v] = min(low[v], low[u])
			case onStack[u]:
				low[v] = min(low[v], index[u])
			}
		}
		if low[v] != index[v] {
			return
		}
		var component []int
		for {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[u] = false
			component = append(component, u)
			if u == v {
				break
			}
		}
		components = append(components, component)
	}
	for v := range n {
		if index[v] < 0 {
			visit(v)
		}
	}
	return components
}
