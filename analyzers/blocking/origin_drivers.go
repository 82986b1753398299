package blocking

import (
	"go/constant"
	"go/types"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// driverBounds decides DriverBounds for the result of a call that opens a
// database handle or builds what one is opened with: sql.Open's DSN,
// sql.OpenDB's connector, a driver's config (model.DriverTimeouts). It
// reports false for other calls.
func (o *origins) driverBounds(call ssa.CallCommon, callee *types.Func) (Prov, bool) {
	name := model.FuncName(callee)
	args := callArgs(call)
	switch {
	case name == "database/sql.Open" && len(args) == 2:
		return o.dsnBounds(args[1], 0), true
	case name == "database/sql.OpenDB" && len(args) == 1:
		return o.eval(args[0], nil, DriverBounds), true
	}
	for _, t := range model.DriverTimeouts {
		if t.Config == name && len(args) > 0 {
			return o.configBounds(args[0], t.Field), true
		}
	}
	return Prov{}, false
}

// configBounds is Has when the driver config cfg (a struct or a pointer to
// one) has its timeout field set to a non-zero value.
func (o *origins) configBounds(cfg ssa.Value, field string) Prov {
	if p := o.eval(cfg, []string{field}, HasTimeout); p.Kind == Has {
		return p
	}
	return Prov{Kind: Lacks}
}

// dsnBounds is Has when the DSN v, as far as its constant parts show,
// sets a parameter that bounds every read (model.DriverTimeouts); a DSN
// built by the driver's config formatter is decided by the config.
func (o *origins) dsnBounds(v ssa.Value, depth int) Prov {
	if depth > 4 {
		return Prov{Kind: Unknown}
	}
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value != nil && v.Value.Kind() == constant.String && setsReadTimeout(constant.StringVal(v.Value)) {
			return Prov{Kind: Has}
		}
		return Prov{Kind: Lacks}
	case *ssa.BinOp: // "user:pw@tcp(" + host + ")/?readTimeout=5s"
		return mergeBounds(o.dsnBounds(v.X, depth+1), o.dsnBounds(v.Y, depth+1))
	case *ssa.Phi:
		var p *Prov
		for _, e := range v.Edges {
			q := o.dsnBounds(e, depth+1)
			if p == nil {
				p = &q
			} else if q.Kind != p.Kind {
				return Prov{Kind: Unknown}
			}
		}
		if p != nil {
			return *p
		}
	case *ssa.Call:
		callee := ssaflow.CalleeObject(v.Call)
		if callee == nil {
			break
		}
		if p, ok := o.driverBounds(v.Call, callee); ok {
			return p
		}
		if model.FuncName(callee) == "fmt.Sprintf" && len(v.Call.Args) > 0 {
			return o.dsnBounds(v.Call.Args[0], depth+1)
		}
	}
	return Prov{Kind: Unknown}
}

// mergeBounds joins the parts of one DSN: one part that sets the
// parameter is enough.
func mergeBounds(a, b Prov) Prov {
	switch {
	case a.Kind == Has || b.Kind == Has:
		return Prov{Kind: Has}
	case a.Kind == Lacks && b.Kind == Lacks:
		return Prov{Kind: Lacks}
	}
	return Prov{Kind: Unknown}
}

func setsReadTimeout(dsn string) bool {
	for _, t := range model.DriverTimeouts {
		if t.DSNKey != "" && strings.Contains(dsn, t.DSNKey) {
			return true
		}
	}
	return false
}
