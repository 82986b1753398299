// Package resultconflict reports Results that controller-runtime throws
// away: a RequeueAfter or Requeue returned with a non-nil error, and the
// deprecated Requeue: true.
package resultconflict

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

const Doc = `report Results that controller-runtime throws away

controller-runtime ignores the Result a Reconcile returns with a non-nil
error: it requeues the object with its rate limiter's backoff and logs a
warning, so a RequeueAfter returned with an error never happens as written.
The check follows the returns of every reconcile path and reports a return
whose Result may set RequeueAfter or Requeue, as it stands at the return
(through variables, phis, named results, defers, the stores and helpers
that reach it, and less what a test such as res.RequeueAfter == 0 rules
out), while its error may not be nil. An error known nil at the return
(after if err != nil { return }) is fine. Return the error alone
(ctrl.Result{}, err) to retry with backoff, or handle it and return the
Result with a nil error. The error returns of one local Result variable
are one finding, at the first, that counts and lists the others.

It also reports Requeue: true when the module builds against
controller-runtime v0.21 or later, which deprecated it: say when with
RequeueAfter. When the same Result sets a constant RequeueAfter, the
suggested fix removes Requeue: true.`

const name = "resultconflict"

var Analyzer = &analysis.Analyzer{
	Name:      name,
	Doc:       Doc,
	URL:       "https://github.com/reconcilelint/reconcilelint#resultconflict",
	Requires:  []*analysis.Analyzer{blocking.Analyzer},
	Run:       blocking.SafeRun(run),
	FactTypes: []analysis.Fact{(*requeues)(nil)},
}

// Sinks of the findings, for one finding per place.
const (
	conflictSink   = "a Result with an error"
	deprecatedSink = "Requeue: true"
)

func run(pass *analysis.Pass) (any, error) {
	exportFacts(pass)
	c := &checker{pass: pass, result: pass.ResultOf[blocking.Analyzer].(*blocking.Result), lits: make(map[token.Pos]literal),
		conflicts: make(map[token.Pos]conflict), summaries: make(map[*ssa.Function]summary)}
	deprecated := map[bool]bool{} // by whether the entry's Result type is known deprecated, memoized per file
	for _, entry := range c.result.Entries {
		if ssaflow.ReturnsResult(entry.Func) {
			file := pass.Fset.File(resultTypePos(entry.Func))
			if _, ok := deprecated[true]; !ok && file != nil {
				deprecated[true] = requeueDeprecated(pass, file.Name())
			}
			c.deprecated = deprecated[true]
			blocking.Guard(pass, entry.Name, entry.Func.Pos(), func() {
				c.walk(entry.Func, nil, map[*ssa.Function]bool{entry.Func: true})
			})
		}
	}
	for _, f := range c.groupByVariable(blocking.Merge(c.found)) {
		pass.Report(c.diagnostic(f))
	}
	return nil, nil
}

func resultTypePos(fn *ssa.Function) token.Pos {
	named, _ := types.Unalias(fn.Signature.Results().At(0).Type()).(*types.Named)
	if named == nil {
		return token.NoPos
	}
	return named.Obj().Pos()
}

type checker struct {
	pass       *analysis.Pass
	result     *blocking.Result
	found      []blocking.Finding
	deprecated bool                      // the controller-runtime in use deprecates Requeue
	lits       map[token.Pos]literal     // the Result literals with Requeue: true, by position
	conflicts  map[token.Pos]conflict    // the conflicting returns, by position
	summaries  map[*ssa.Function]summary // the helpers of this package read so far
	// errNilIn says, while mayAt reads a return, whether the error it
	// returns is known nil on every path through a block (errNilThrough).
	errNilIn func(*ssa.BasicBlock) bool
	// sameVariable holds, by the position of a group's first return, the
	// other returns of the same Result variable with an error.
	sameVariable map[token.Pos]variableGroup
}

// literal is a Result composite literal that sets Requeue: true.
type literal struct {
	requeueAfter bool // it also sets RequeueAfter to a constant that is not zero
	withDelay    bool // it sets RequeueAfter to a value that may be zero
}

// conflict is a return whose Result controller-runtime may throw away.
type conflict struct {
	field   string // the field named in the message
	nonNil  bool   // the error is known not nil, not only possibly
	through bool   // the Result and error come from one helper call
	// helper and helperAt, for a helper of another package, name it and
	// the returns of its own that pair the Result with an error.
	helper   string
	helperAt []string
}

// walk looks at the returns of fn, reached through the frames of prefix,
// and at those of the helpers of this package whose results fn returns.
// Each return gives at most one finding: a conflict, or else the
// deprecated Requeue: true it returns (dropping Requeue is moot when
// controller-runtime ignores the Result).
func (c *checker) walk(fn *ssa.Function, prefix []blocking.Frame, seen map[*ssa.Function]bool) {
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 2 || b == fn.Recover {
			continue
		}
		results, errs := ssaflow.Returned(ret, 0), ssaflow.Returned(ret, 1)
		nonNil, isNil := allNonNil(errs, b), allNil(errs, b)
		var may fields
		call := ssaflow.HelperCall(results, errs)
		switch {
		case call != nil && c.local(call) != nil && !nonNil:
			// return r.step(ctx): the helper's own returns tell, with the
			// chain through it.
			if callee := c.local(call); !seen[callee] {
				seen[callee] = true
				c.walk(callee, append(prefix[:len(prefix):len(prefix)], c.result.Frame(fn, call.Pos())), seen)
			}
			continue
		case !isNil:
			// res, err := helper(); if err != nil { return res, err }:
			// what the helper returns with an error (mayAt pairs them).
			may = c.mayAt(results, errs, b)
		}
		chain := append(prefix[:len(prefix):len(prefix)], c.result.Frame(fn, ret.Pos()))
		if may != 0 {
			cf := conflict{field: may.name(), nonNil: nonNil, through: call != nil}
			if call != nil {
				cf.helper, cf.helperAt = c.pairedAt(call)
			}
			c.conflicts[ret.Pos()] = cf
			e := blocking.Effect{Check: name, Sink: conflictSink, Chain: chain}
			c.found = append(c.found, blocking.Finding{Effect: e, Pos: ret.Pos()})
			continue
		}
		if !c.deprecated {
			continue
		}
		for _, v := range results {
			for pos, lit := range requeueTrue(v, map[ssa.Value]bool{}) {
				c.lits[pos] = lit
				// The sink names the literal: one finding per literal.
				e := blocking.Effect{Check: name, Sink: fmt.Sprintf("%s at %d", deprecatedSink, pos), Chain: chain}
				c.found = append(c.found, blocking.Finding{Effect: e, Pos: pos})
			}
		}
	}
}

// local is the function of this package a call statically calls.
func (c *checker) local(call *ssa.Call) *ssa.Function {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil
	}
	if orig := callee.Origin(); orig != nil {
		callee = orig
	}
	if callee.Pkg == nil || callee.Pkg.Pkg != c.pass.Pkg || callee.Blocks == nil {
		return nil
	}
	return callee
}

func (c *checker) diagnostic(f blocking.Finding) analysis.Diagnostic {
	chain := f.Effect
	chain.Sink = "" // the chain ends at the return
	if strings.HasPrefix(f.Sink, deprecatedSink) {
		fix := "say when with RequeueAfter: ctrl.Result{RequeueAfter: d}"
		d := f.Diagnostic(name, "")
		if c.lits[f.Pos].requeueAfter {
			fix = "remove Requeue: true, the Result already sets RequeueAfter"
			d.SuggestedFixes = c.dropRequeue(f.Pos)
		} else if c.lits[f.Pos].withDelay {
			// RequeueAfter: d with d possibly 0: then Requeue is what
			// requeues, so dropping it would change what the code does.
			fix = "RequeueAfter may be 0 here, when Requeue: true is what requeues: give the delay a floor (max(d, time.Second)) and remove Requeue: true"
		}
		d.Message = fmt.Sprintf("Requeue: true is deprecated since controller-runtime v0.21: %s; %s", chain.ChainString(), fix) + d.Message
		return d
	}
	cf := c.conflicts[f.Pos]
	group := c.sameVariable[f.Pos]
	when := "" // the error is known not nil
	if !cf.nonNil {
		when = " if the error is not nil"
	}
	from := ""
	switch {
	case len(cf.helperAt) > 0:
		from = fmt.Sprintf(" (%s returns it with an error at %s)", cf.helper, strings.Join(cf.helperAt, ", "))
	case cf.through:
		from = " (the helper returns it with an error)"
	}
	d := f.Diagnostic(name, fmt.Sprintf("%s%s is thrown away%s: controller-runtime ignores the Result when the error is not nil "+
		"and requeues with backoff instead: %s; return ctrl.Result{}, err to retry with backoff, "+
		"or handle the error and return the Result with a nil error", cf.field, from, when, chain.ChainString()))
	return group.annotate(d)
}

func allNonNil(errs []ssa.Value, b *ssa.BasicBlock) bool {
	for _, e := range errs {
		if !ssaflow.NonNilHere(e, b) {
			return false
		}
	}
	return len(errs) > 0
}

// requeueTrue finds the Result literals among the values v may be that set
// Requeue to true, by the position of their Requeue element.
func requeueTrue(v ssa.Value, seen map[ssa.Value]bool) map[token.Pos]literal {
	found := make(map[token.Pos]literal)
	if seen[v] {
		return found
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Phi:
		for _, edge := range v.Edges {
			for pos, lit := range requeueTrue(edge, seen) {
				found[pos] = lit
			}
		}
	case *ssa.UnOp:
		if alloc, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			isTrue := func(c *ssa.Const) bool { return c != nil && c.Value != nil && c.Value.String() == "true" }
			for _, store := range stored(alloc, "Requeue", isTrue) {
				after := len(stored(alloc, "RequeueAfter", func(c *ssa.Const) bool { return c != nil && !isZero(c) })) > 0
				delay := len(stored(alloc, "RequeueAfter", func(c *ssa.Const) bool { return c == nil })) > 0
				found[store.Pos()] = literal{requeueAfter: after, withDelay: delay}
			}
		}
	}
	return found
}

// stored returns the stores into field of the Result at alloc whose value
// keep accepts (a non-constant value is passed as nil).
func stored(alloc *ssa.Alloc, field string, keep func(*ssa.Const) bool) []*ssa.Store {
	st, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var stores []*ssa.Store
	for _, ref := range *alloc.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || st.Field(fa.Field).Name() != field {
			continue
		}
		for _, use := range *fa.Referrers() {
			if store, ok := use.(*ssa.Store); ok && store.Addr == fa {
				c, _ := store.Val.(*ssa.Const)
				if keep(c) {
					stores = append(stores, store)
				}
			}
		}
	}
	return stores
}

func isZero(c *ssa.Const) bool {
	return c != nil && (c.Value == nil || c.Value.String() == "0" || c.Value.String() == "false")
}

// dropRequeue is the fix that deletes the Requeue element at pos from its
// composite literal.
func (c *checker) dropRequeue(pos token.Pos) []analysis.SuggestedFix {
	for _, file := range c.pass.Files {
		if file.Pos() > pos || pos > file.End() {
			continue
		}
		var fix []analysis.SuggestedFix
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || fix != nil {
				return fix == nil
			}
			for i, elt := range lit.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok || kv.Pos() > pos || pos > kv.End() {
					continue
				}
				edit := analysis.TextEdit{Pos: kv.Pos(), End: kv.End()}
				switch {
				case i+1 < len(lit.Elts):
					edit.End = lit.Elts[i+1].Pos()
				case i > 0:
					edit.Pos = lit.Elts[i-1].End()
				}
				fix = []analysis.SuggestedFix{{Message: "Remove Requeue: true", TextEdits: []analysis.TextEdit{edit}}}
			}
			return true
		})
		return fix
	}
	return nil
}
