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
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

const Doc = `report Results that controller-runtime throws away

controller-runtime ignores the Result a Reconcile returns with a non-nil
error: it requeues the object with its rate limiter's backoff and logs a
warning, so a RequeueAfter returned with an error never happens as written.
The check follows the returns of every reconcile path, through variables,
phis, named results, defers and the helpers of the same package whose results
are returned, and reports a return whose Result sets RequeueAfter or Requeue
while its error is known not to be nil (after if err != nil, or made by
errors.New or fmt.Errorf). Return the error alone (ctrl.Result{}, err) to
retry with backoff, or handle it and return the Result with a nil error.

It also reports Requeue: true, deprecated since controller-runtime v0.21:
say when with RequeueAfter. When the same Result sets RequeueAfter, the
suggested fix removes Requeue: true.`

const name = "resultconflict"

var Analyzer = &analysis.Analyzer{
	Name:     name,
	Doc:      Doc,
	URL:      "https://github.com/reconcilelint/reconcilelint#resultconflict",
	Requires: []*analysis.Analyzer{blocking.Analyzer},
	Run:      blocking.SafeRun(run),
}

// Sinks of the findings, for one finding per place.
const (
	conflictSink   = "a Result with an error"
	deprecatedSink = "Requeue: true"
)

func run(pass *analysis.Pass) (any, error) {
	c := &checker{pass: pass, result: pass.ResultOf[blocking.Analyzer].(*blocking.Result), lits: make(map[token.Pos]literal), fields: make(map[token.Pos]string)}
	for _, entry := range c.result.Entries {
		if blocking.ReturnsResult(entry.Func) {
			blocking.Guard(pass, entry.Name, entry.Func.Pos(), func() {
				c.walk(entry.Func, nil, map[*ssa.Function]bool{entry.Func: true})
			})
		}
	}
	for _, f := range blocking.Merge(c.found) {
		pass.Report(c.diagnostic(f))
	}
	return nil, nil
}

type checker struct {
	pass   *analysis.Pass
	result *blocking.Result
	found  []blocking.Finding
	lits   map[token.Pos]literal // the Result literals with Requeue: true, by position
	fields map[token.Pos]string  // the field each conflicting return sets, by position
}

// literal is a Result composite literal that sets Requeue: true.
type literal struct {
	requeueAfter bool // it also sets RequeueAfter
}

// walk looks at the returns of fn, reached through the frames of prefix,
// and at those of the helpers of this package whose results fn returns.
func (c *checker) walk(fn *ssa.Function, prefix []blocking.Frame, seen map[*ssa.Function]bool) {
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 2 || b == fn.Recover {
			continue
		}
		results, errs := blocking.Returned(ret, 0), blocking.Returned(ret, 1)
		if call := blocking.HelperCall(results, errs); call != nil {
			if callee := c.local(call); callee != nil && !seen[callee] {
				seen[callee] = true
				c.walk(callee, append(prefix[:len(prefix):len(prefix)], c.result.Frame(fn, call.Pos())), seen)
			}
			continue
		}
		chain := append(prefix[:len(prefix):len(prefix)], c.result.Frame(fn, ret.Pos()))
		if field := setsRequeue(results); field != "" && allNonNil(errs, b) {
			c.fields[ret.Pos()] = field
			e := blocking.Effect{Check: name, Sink: conflictSink, Chain: chain}
			c.found = append(c.found, blocking.Finding{Effect: e, Pos: ret.Pos()})
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
		}
		d.Message = fmt.Sprintf("Requeue: true is deprecated since controller-runtime v0.21: %s; %s", chain.ChainString(), fix) + d.Message
		return d
	}
	return f.Diagnostic(name, fmt.Sprintf("%s is thrown away: controller-runtime ignores the Result when the error is not nil "+
		"and requeues with backoff instead: %s; return ctrl.Result{}, err to retry with backoff, "+
		"or handle the error and return the Result with a nil error", c.fields[f.Pos], chain.ChainString()))
}

func allNonNil(errs []ssa.Value, b *ssa.BasicBlock) bool {
	for _, e := range errs {
		if !blocking.NonNilHere(e, b) {
			return false
		}
	}
	return len(errs) > 0
}

// setsRequeue names the field (RequeueAfter or Requeue) that every Result
// in values sets, or "" if one may set neither, or the check cannot tell.
func setsRequeue(values []ssa.Value) string {
	field := ""
	for _, v := range values {
		f := setsRequeueValue(v, map[ssa.Value]bool{})
		if f == "" {
			return ""
		}
		field = f
	}
	return field
}

func setsRequeueValue(v ssa.Value, seen map[ssa.Value]bool) string {
	if seen[v] {
		return ""
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Phi:
		field := ""
		for _, edge := range v.Edges {
			if field = setsRequeueValue(edge, seen); field == "" {
				return ""
			}
		}
		return field
	case *ssa.UnOp:
		if alloc, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			for _, field := range []string{"RequeueAfter", "Requeue"} {
				if len(stored(alloc, field, func(c *ssa.Const) bool { return !isZero(c) })) > 0 {
					return field
				}
			}
		}
	}
	return ""
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
				after := len(stored(alloc, "RequeueAfter", func(c *ssa.Const) bool { return !isZero(c) })) > 0
				found[store.Pos()] = literal{requeueAfter: after}
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
