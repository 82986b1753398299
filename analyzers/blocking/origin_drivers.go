package blocking

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"time"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// derivedHandles are the database/sql methods whose result uses the
// receiver's connections, and so its driver's timeouts.
var derivedHandles = map[string]bool{
	"(*database/sql.DB).Begin": true, "(*database/sql.DB).BeginTx": true, "(*database/sql.DB).Conn": true,
	"(*database/sql.DB).Prepare": true, "(*database/sql.DB).PrepareContext": true,
	"(*database/sql.Conn).BeginTx": true, "(*database/sql.Conn).PrepareContext": true,
	"(*database/sql.Tx).Prepare": true, "(*database/sql.Tx).PrepareContext": true, "(*database/sql.Tx).Stmt": true,
}

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
	case derivedHandles[name] && len(args) > 0:
		// A transaction, a connection or a statement talks through the
		// driver of the handle it came from.
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
	if setsDSNKey(cfg) {
		return Prov{Kind: Has}
	}
	return Prov{Kind: Lacks}
}

// setsDSNKey reports whether a map that cfg's fields hold gets a key that
// sets a read timeout (a DSN key of model.DriverTimeouts): a driver
// config's Params, which its formatter writes into the DSN as key=value,
// and its parser reads back as the timeout. Any value but a proven zero is
// a bound: a timeout that is set at all ends the read, whatever its length.
func setsDSNKey(cfg ssa.Value) bool {
	refs := cfg.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		field, ok := ref.(*ssa.FieldAddr)
		if !ok || field.X != cfg {
			continue
		}
		for _, use := range *field.Referrers() {
			switch use := use.(type) {
			case *ssa.Store: // cfg.Params = map[string]string{...}
				if use.Addr == field && mapSetsDSNKey(use.Val) {
					return true
				}
			case *ssa.UnOp: // cfg.Params["readTimeout"] = ...
				if use.Op == token.MUL && mapSetsDSNKey(use) {
					return true
				}
			}
		}
	}
	return false
}

// mapSetsDSNKey reports whether the map m is updated with a read-timeout
// DSN key and a value not proven zero.
func mapSetsDSNKey(m ssa.Value) bool {
	refs := m.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		update, ok := ref.(*ssa.MapUpdate)
		if !ok || update.Map != m {
			continue
		}
		key, ok := update.Key.(*ssa.Const)
		if !ok || key.Value == nil || key.Value.Kind() != constant.String {
			continue
		}
		if isDSNTimeoutKey(constant.StringVal(key.Value)) && !provenZero(update.Value) {
			return true
		}
	}
	return false
}

func isDSNTimeoutKey(key string) bool {
	for _, t := range model.DriverTimeouts {
		if t.DSNKey != "" && strings.TrimSuffix(t.DSNKey, "=") == key {
			return true
		}
	}
	return false
}

// provenZero is a constant that disables a timeout: zero, "0" or "0s".
func provenZero(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil {
		return false
	}
	switch c.Value.Kind() {
	case constant.String:
		d, err := time.ParseDuration(constant.StringVal(c.Value))
		return constant.StringVal(c.Value) == "0" || err == nil && d == 0
	case constant.Int, constant.Float:
		return constant.Sign(c.Value) == 0
	}
	return false
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

// onlyClears reports whether prop is a property whose presence clears an
// effect and whose absence, or an unknown value, leaves it to the context:
// a driver's read timeout, a timeout written into the statement.
func onlyClears(prop Property) bool {
	return prop == DriverBounds || prop == StatementBounds
}

// maxStatementValues bounds the values statementBounds looks through.
const maxStatementValues = 64

// statementBounds decides StatementBounds for v, a SQL statement's text or
// its arguments: Has when a time.Duration goes into it through formatting,
// conversions and arithmetic (fmt.Sprintf("SELECT MASTER_GTID_WAIT('%s', %d)",
// gtid, int(timeout.Seconds()))): the server waits no longer than that. When
// none does, FromParam for the first parameter the value is made from (a
// helper that runs the statement its caller built), else Unknown. Fields
// and package variables are not looked into: a value read from a struct is
// not made from the struct's other fields, and only calls that format
// their arguments are looked through (see formats).
func (o *origins) statementBounds(v ssa.Value) Prov {
	var param *Prov
	seen := map[ssa.Value]bool{}
	queue := []ssa.Value{v}
	for len(queue) > 0 && len(seen) < maxStatementValues {
		v := queue[0]
		queue = queue[1:]
		if v == nil || seen[v] {
			continue
		}
		seen[v] = true
		if isNamed(v.Type(), "time", "Duration") {
			return Prov{Kind: Has}
		}
		switch v := v.(type) {
		case *ssa.Parameter:
			if param == nil {
				param = &Prov{Kind: FromParam, Param: slices.Index(v.Parent().Params, v)}
			}
		case *ssa.FreeVar:
			if param == nil {
				param = &Prov{Kind: FromParam, Free: true, Param: slices.Index(v.Parent().FreeVars, v)}
			}
		case *ssa.Alloc:
			// A local variable, or the array behind variadic arguments:
			// the values stored into it.
			for _, ref := range *v.Referrers() {
				switch ref := ref.(type) {
				case *ssa.Store:
					if ref.Addr == v {
						queue = append(queue, ref.Val)
					}
				case *ssa.IndexAddr:
					for _, r := range *ref.Referrers() {
						if store, ok := r.(*ssa.Store); ok && store.Addr == ref {
							queue = append(queue, store.Val)
						}
					}
				}
			}
		case *ssa.UnOp:
			if _, local := v.X.(*ssa.Alloc); v.Op != token.MUL || local {
				queue = append(queue, v.X)
			}
		case *ssa.Call:
			if formats(v.Call) {
				queue = append(queue, v.Call.Args...)
			}
		case *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface, *ssa.BinOp, *ssa.Slice, *ssa.Phi, *ssa.Extract:
			for _, op := range v.(ssa.Instruction).Operands(nil) {
				queue = append(queue, *op)
			}
		}
	}
	if param != nil {
		return *param
	}
	return Prov{Kind: Unknown}
}

// formats reports whether call only turns its arguments into text or
// numbers: fmt's Sprint family, strconv, strings, and time.Duration's own
// methods (timeout.Seconds()). Other calls make something else of a
// duration (time.Now().Add(-retention) is a point in time, not a limit).
func formats(call ssa.CallCommon) bool {
	callee := ssaflow.CalleeObject(call)
	if callee == nil || callee.Pkg() == nil {
		return false
	}
	switch callee.Pkg().Path() {
	case "fmt", "strconv", "strings":
		return true
	case "time":
		recv := callee.Signature().Recv()
		return recv != nil && isNamed(recv.Type(), "time", "Duration")
	}
	return false
}
