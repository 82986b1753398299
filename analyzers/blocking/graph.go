package blocking

import "golang.org/x/tools/go/ssa"

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

// loopBlocks reports, by block index, which blocks of fn lie on a cycle of
// its control-flow graph: code there may run many times.
func loopBlocks(fn *ssa.Function) []bool {
	inLoop := make([]bool, len(fn.Blocks))
	succ := func(i int) []int {
		var s []int
		for _, b := range fn.Blocks[i].Succs {
			s = append(s, b.Index)
		}
		return s
	}
	for _, component := range stronglyConnected(len(fn.Blocks), succ) {
		if len(component) > 1 {
			for _, i := range component {
				inLoop[i] = true
			}
			continue
		}
		for _, s := range succ(component[0]) {
			if s == component[0] {
				inLoop[s] = true
			}
		}
	}
	return inLoop
}
