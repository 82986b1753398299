package resultconflict

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"golang.org/x/tools/go/analysis"
)

// variableGroup is the other returns of one Result variable with an error,
// after the first: `return requeueOrNot, err` repeated down a Reconcile is
// one cause (the variable carries a RequeueAfter into the error returns)
// and one finding, at the first such return, whose places are the others.
type variableGroup struct {
	name   string
	others []blocking.Finding
}

// groupByVariable folds the conflicts that return the same local Result
// variable into the first of them (by position). Conflicts that return a
// literal or a call's result stand alone: each is its own fix.
func (c *checker) groupByVariable(found []blocking.Finding) []blocking.Finding {
	c.sameVariable = make(map[token.Pos]variableGroup)
	returned := c.returnedVariables()
	lead := make(map[*types.Var]token.Pos)
	kept := found[:0:0]
	for _, f := range found {
		v := returned[f.Pos]
		if f.Sink != conflictSink || v == nil {
			kept = append(kept, f)
			continue
		}
		first, ok := lead[v]
		if !ok {
			lead[v] = f.Pos
			c.sameVariable[f.Pos] = variableGroup{name: v.Name()}
			kept = append(kept, f)
			continue
		}
		g := c.sameVariable[first]
		g.others = append(g.others, f)
		c.sameVariable[first] = g
	}
	return kept
}

// returnedVariables maps the position of each return statement of the
// package whose first result is a local variable to that variable.
func (c *checker) returnedVariables() map[token.Pos]*types.Var {
	vars := make(map[token.Pos]*types.Var)
	for _, file := range c.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			ret, ok := n.(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 2 {
				return true
			}
			id, ok := ast.Unparen(ret.Results[0]).(*ast.Ident)
			if !ok {
				return true
			}
			if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() && v.Parent() != nil && v.Parent() != v.Pkg().Scope() {
				vars[ret.Pos()] = v
			}
			return true
		})
	}
	return vars
}

// annotate counts the group's other returns in the message and lists them
// as places.
func (g variableGroup) annotate(d analysis.Diagnostic) analysis.Diagnostic {
	if len(g.others) == 0 {
		return d
	}
	d.Message += fmt.Sprintf(" (and %d other return%s of %s with an error)", len(g.others), plural(len(g.others)), g.name)
	if blocking.OmitRelated {
		return d
	}
	for _, o := range g.others {
		chain := o.Effect
		chain.Sink = ""
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: o.Pos, Message: "also returns " + g.name + " with an error: " + chain.ChainString()})
	}
	return d
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
