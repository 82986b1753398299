package blocking

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// Values that come out of calls: factories and constructors.
//
// Operators build their SDK client per reconcile through a factory that main
// binds (`ClientFactory: msgclient.SDKClientFactory`, often a package-level
// variable holding a func literal), or through a constructor that returns an
// interface (`msgclient.New(uri) Client`). The call's result is followed like
// a field, with the path element callResult(i): "result i of calling the
// value above". Where the called function is known, what it returns decides:
// its results' provenance, and for a result of interface type the effects of
// each of its methods on the concrete value it returns (ResultMethods in its
// fact, so that packages that cannot see the concrete type still can).

func callResult(i int) string { return "()" + strconv.Itoa(i) }

// methodResultElem is the path element "result i of calling method name on
// the value above": the client `reg.GetOrCreate(ctx, ns)` returns, reg an
// interface in a field that main binds, is decided where reg's concrete
// value is known (see evalInvoke).
func methodResultElem(name string, i int) string { return name + "()" + strconv.Itoa(i) }

func parseMethodResult(elem string) (string, int, bool) {
	name, rest, ok := strings.Cut(elem, "()")
	if !ok || name == "" {
		return "", 0, false
	}
	i, err := strconv.Atoi(rest)
	return name, i, err == nil
}

func parseCallResult(elem string) (int, bool) {
	rest, ok := strings.CutPrefix(elem, "()")
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(rest)
	return i, err == nil
}

// evalResultOf says where result i of calling f, a known function, comes
// from at path: the call's arguments are out of sight.
func (o *origins) evalResultOf(f Prov, i int, path []string, prop Property) Prov {
	if fn, ok := f.val.(*ssa.Function); ok {
		local, external := o.resolve(fn)
		switch {
		case local != nil && prop == Dispatches && len(path) == 0:
			if p := o.resultConcrete(local, i); p.Kind == Concrete {
				return p
			}
			return Prov{Kind: Unknown}
		case local != nil:
			return o.resultProv(o.resultValues(local), i, path, prop, nil)
		case external != nil:
			return o.externalResult(external, i, path, prop, nil)
		}
		return Prov{Kind: Unknown}
	}
	if f.external != nil {
		return o.externalResult(f.external, i, path, prop, nil)
	}
	if mc, ok := f.val.(*ssa.MakeClosure); ok && prop != Dispatches {
		// A closure a factory made: what it builds when called (what
		// depends on the variables it captured stays unknown).
		if fn, ok := mc.Fn.(*ssa.Function); ok {
			return o.resultProv(o.resultValues(fn), i, path, prop, nil)
		}
	}
	return Prov{Kind: Unknown}
}

// externalResult says where result i of a function of another package (or
// of the function a variable of another package holds) comes from, from its
// fact.
func (o *origins) externalResult(obj types.Object, i int, path []string, prop Property, args []ssa.Value) Prov {
	var summary Summary
	if !o.pass.ImportObjectFact(obj, &summary) {
		return Prov{Kind: Unknown}
	}
	if prop == Dispatches {
		for _, rm := range summary.ResultMethods {
			if rm.Result == i && slices.Equal(rm.Path, path) {
				return Prov{Kind: Concrete, external: obj, resultOf: i + 1, field: rm.Path, args: args}
			}
		}
		if len(path) == 0 {
			return Prov{Kind: Unknown}
		}
	}
	return o.resultProv(summary.Results, i, path, prop, args)
}

type resultKey struct {
	fn   *ssa.Function
	i    int
	path string
}

// resultConcrete says what concrete value a function of this package
// returns as result i, for calls of its methods. A value that comes from
// the function's parameters stays relative to them.
func (o *origins) resultConcrete(fn *ssa.Function, i int) Prov {
	return o.resultConcreteAt(fn, i, nil)
}

// resultConcreteAt is resultConcrete for the interface field at path below
// result i: the client a constructor stores in the value it returns.
func (o *origins) resultConcreteAt(fn *ssa.Function, i int, path []string) Prov {
	key := resultKey{fn, i, strings.Join(path, ".")}
	if p, ok := o.concrete[key]; ok {
		return p
	}
	o.concrete[key] = Prov{Kind: Unknown} // recursion: nothing known
	p, first := Prov{Kind: Unknown}, true
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for _, v := range ssaflow.Returned(ret, i) {
			q := o.eval(v, path, Dispatches)
			if first {
				p, first = q, false
			} else {
				p = merge(p, q)
			}
		}
	}
	if p.Kind == Concrete {
		alts := p.flat()
		for i := range alts {
			alts[i].foreign = alts[i].val != nil && !isFunc(alts[i].val)
		}
		if len(alts) == 1 {
			p = alts[0]
		}
	}
	o.concrete[key] = p
	return p
}

// globalFunc says which function a package-level variable of func type
// holds: the one function its package ever stores into it (operators write
// `var DefaultFactory Factory = func(...) {...}`), read from this package's
// code or from the variable's fact.
func (o *origins) globalFunc(g *ssa.Global) Prov {
	if g.Pkg != o.pkg {
		obj, ok := g.Object().(*types.Var)
		var summary Summary
		if ok && obj.Pkg() != nil && !model.IsStd(model.PkgPath(obj.Pkg())) && o.pass.ImportObjectFact(obj, &summary) {
			return Prov{Kind: Concrete, external: obj}
		}
		return Prov{Kind: Unknown}
	}
	if fn := o.storedFunc(g); fn != nil {
		return Prov{Kind: Concrete, val: fn}
	}
	if stores := o.storesInto(g); len(stores) == 1 {
		if p := o.eval(stores[0], nil, Dispatches); p.Kind == Concrete {
			return p
		}
	}
	return Prov{Kind: Unknown}
}

// storedFunc is the one function this package stores into g, if there is
// one. Stores of other values do not count: a test hook
// (`func SetNewClient(f Factory) { newClient = f }`) stores its parameter,
// which only tests decide, and a reset stores nil; what production runs is
// the function the package itself puts there.
func (o *origins) storedFunc(g *ssa.Global) *ssa.Function {
	var found *ssa.Function
	for _, v := range o.storesInto(g) {
		if ct, ok := v.(*ssa.ChangeType); ok { // a func literal given a named func type
			v = ct.X
		}
		fn, ok := v.(*ssa.Function)
		switch {
		case !ok:
			continue
		case found != nil && found != fn:
			return nil // several functions: which one runs is decided at run time
		}
		found = fn
	}
	return found
}

// constant is the constant v is: v itself, an integer conversion of one,
// the one constant the package's program code stores into the package
// variable v reads (`var defaultRetryDelay = 500 * time.Millisecond`,
// which only tests change), or the largest the program stores into the
// struct field v reads (see FieldConstants). Else nil.
func (o *origins) constant(v ssa.Value) *ssa.Const {
	switch v := v.(type) {
	case *ssa.Const:
		return v
	case *ssa.Convert: // int(p.InitialDelaySeconds), time.Duration(n)
		if c := o.constant(v.X); c != nil && c.Value != nil && c.Value.Kind() == constant.Int && isInteger(v.Type()) {
			return ssa.NewConst(c.Value, v.Type())
		}
	case *ssa.Field:
		return o.fieldConstant(v.X, v.Field, v.Type())
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return o.fieldConstant(fa.X, fa.Field, v.Type())
		}
		g, ok := v.X.(*ssa.Global)
		if !ok || v.Op != token.MUL || g.Pkg != o.pkg {
			return nil
		}
		if stores := o.storesInto(g); len(stores) == 1 {
			c, _ := stores[0].(*ssa.Const)
			return c
		}
	}
	return nil
}

// fieldConstant is the largest constant the program stores into field i
// of the struct that x is or points to, as a constant of type typ: into
// that field of the field x was read from, when the program stores any
// there (cr.Spec.UpdatePause.Duration is what UpdatePause's literals
// hold, not every metav1.Duration's), else into that field of any value.
func (o *origins) fieldConstant(x ssa.Value, i int, typ types.Type) *ssa.Const {
	if !isInteger(typ) {
		return nil
	}
	key := fieldKeyOf(x.Type(), i)
	if n, ok := o.fields.of(qualifiedKey(readFrom(x), key)); ok {
		return ssa.NewConst(constant.MakeInt64(n), typ)
	}
	if n, ok := o.fields.of(key); ok {
		return ssa.NewConst(constant.MakeInt64(n), typ)
	}
	return nil
}

// readFrom is the key of the field the struct x (or the pointer to it) was
// read from, if it was: &c.policy, c.policy, or the pointer in c.pause.
func readFrom(x ssa.Value) string {
	switch x := x.(type) {
	case *ssa.FieldAddr:
		return fieldKeyOf(x.X.Type(), x.Field)
	case *ssa.Field:
		return fieldKeyOf(x.X.Type(), x.Field)
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return fieldKeyOf(fa.X.Type(), fa.Field)
		}
	}
	return ""
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// storesInto lists the values the package's program code stores into g.
func (o *origins) storesInto(g *ssa.Global) []ssa.Value {
	if o.globalStores == nil {
		// One pass over the package for all its globals.
		o.globalStores = make(map[*ssa.Global][]ssa.Value)
		for _, fi := range o.funcs {
			for _, b := range fi.fn.Blocks {
				for _, instr := range b.Instrs {
					if store, ok := instr.(*ssa.Store); ok {
						if g, ok := store.Addr.(*ssa.Global); ok {
							o.globalStores[g] = append(o.globalStores[g], store.Val)
						}
					}
				}
			}
		}
	}
	return o.globalStores[g]
}

// globalValue is what the package's code stores into g, joined: a client
// built once in a package variable and used by every call. Values that
// depend on the storing function's parameters (a setter, a test hook) are
// decided by its callers and left out; the zero value counts until
// something is stored.
func (o *origins) globalValue(g *ssa.Global, path []string, prop Property) Prov {
	ps := []Prov{{Kind: Nil}}
	for _, v := range o.storesInto(g) {
		q := o.eval(v, path, prop)
		if q.Kind == FromParam && !q.Free {
			// A setter: what the package's own calls of it pass (a default
			// set at init through the setter) is stored too.
			for _, arg := range o.setterArgs(valueParent(v), q.Param) {
				if a := o.eval(arg, q.Path, prop); a.Kind != FromParam && a.Kind != Unknown {
					ps = append(ps, a)
				}
			}
			continue
		}
		if q.Kind == FromParam || q.Kind == Unknown {
			continue
		}
		ps = append(ps, q)
	}
	if len(ps) == 1 {
		return Prov{Kind: Unknown}
	}
	return mergeAll(ps)
}

// setterArgs lists what the package's calls of fn pass as its parameter i.
func (o *origins) setterArgs(fn *ssa.Function, i int) []ssa.Value {
	if fn == nil {
		return nil
	}
	var args []ssa.Value
	for _, fi := range o.funcs {
		for _, b := range fi.fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || call.Common().StaticCallee() != fn {
					continue
				}
				if ca := callArgs(*call.Common()); i < len(ca) {
					args = append(args, ca[i])
				}
			}
		}
	}
	return args
}

// valueParent is the function a value belongs to, if any.
func valueParent(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.Parameter:
		return v.Parent()
	case ssa.Instruction:
		return v.Parent()
	}
	return nil
}
