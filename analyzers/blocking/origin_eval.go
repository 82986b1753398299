package blocking

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"time"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// Where a value comes from, as far as a property (a client's Timeout, a
// context's deadline) is concerned.
type ProvKind int

const (
	Unknown   ProvKind = iota // nothing can be said: not a finding by default
	Has                       // the value has the property
	Lacks                     // the value lacks it; Origin says where it was made
	FromParam                 // the value comes from a parameter (or free variable), at Path below it
	Nil                       // the value is nil
	Concrete                  // for Dispatches: a value whose dynamic type, or function, is known
)

// Prov is the provenance of a value.
type Prov struct {
	Kind        ProvKind
	Origin      string // for Lacks
	Param       int    // for FromParam
	Free        bool   // for FromParam: Param indexes free variables
	Path        []string
	NilFallback string // for FromParam: what a nil value falls back to

	at token.Pos // for Lacks: the composite literal, when this package built it
	// made, for Lacks: where this package made the value (a literal, a
	// context.Background() call, the call of an SDK constructor that
	// returns it): where the fix goes.
	made token.Pos
	// deadline, for Has of a context's deadline: how far off it is, when a
	// constant says (context.WithTimeout(ctx, 3*time.Minute)); 0 if not known.
	deadline time.Duration

	// For Concrete: val is the value, of a concrete type, or the function;
	// or, when this package cannot see it, external is the function or
	// variable of another package whose fact describes it. resultOf, when
	// not 0, says the value is result resultOf-1 of calling that function.
	val      ssa.Value
	external types.Object
	resultOf int
	// via, with resultOf: the value is what calling this method
	// (methodResultElem: "NewClient()0") on that result returns, a
	// factory's product (see ResultMethod.Returns).
	via string
	// field, with resultOf: the value is the interface at this field path
	// below that result (see ResultMethod.Path).
	field []string
	// foreign: val belongs to another function (what a callee returns), so
	// the parameters it comes from are not the current function's.
	foreign bool
	// alts, for Concrete, lists the values it may be when there are
	// several (a slice of phases, an interface set on two branches).
	alts []Prov
	// impls, for Concrete, are the effects of the method a dispatch calls
	// on every concrete type the module converts to the interface, when
	// nothing decides the value (see implementedBy).
	impls []Effect
	// free, for a closure a callee made, holds the caller's values of the
	// variables it captured (see closureOfCall).
	free []ssa.Value
	// args, for the result of a constructor of another package, are the
	// call's arguments: its methods may depend on them (Requirement.Ctor).
	args []ssa.Value

	// cycle: the value is one whose evaluation is under way further up
	// (`ctx, span := tracing.Start(ctx)` with ctx captured by a closure,
	// a loop's phi): it adds nothing to what the other values that meet
	// there say (see merge), and is Unknown to everything else.
	cycle bool
	// open, in the memo only, is the depth of an evaluation under way.
	open int
}

// maxAlts bounds the values a Concrete provenance lists: enough for the
// phase lists of operators, which run twenty or more.
const maxAlts = 32

// Pseudo-fields that follow a value to the context it carries.
const (
	requestCtx = "(*http.Request).Context()"
	commandCtx = "(*exec.Cmd).ctx"
	// captured follows a closure's free variable to the variable it
	// captured: Go captures variables by reference, so the closure loads
	// through a pointer to the variable that the enclosing function stores.
	captured = "*"
	// options follows a variadic parameter of functional options to the
	// field below it that the options may set.
	options = "(options)"
	// element follows a slice or an array to its elements: operators run a
	// list of phases (`for _, phase := range phases { phase(ctx, s) }`).
	element = "[]"
)

// ResultValue is the provenance of what a function returns at Path below
// result Result: exported so that a package binding the value (main, which
// builds the SDK client) knows what the constructor in another package made.
type ResultValue struct {
	Result      int
	Path        []string
	Kind        ProvKind
	Origin      string   // for Lacks
	Param       int      // for FromParam
	ParamPath   []string // for FromParam
	NilFallback string   // for FromParam
}

func (r ResultValue) String() string {
	path := fmt.Sprintf("result %d", r.Result)
	for _, f := range r.Path {
		path += "." + f
	}
	switch r.Kind {
	case Has:
		return path + " has it"
	case Lacks:
		return path + " lacks it: " + r.Origin
	case Nil:
		return path + " is nil"
	}
	from := fmt.Sprintf("param %d", r.Param)
	for _, f := range r.ParamPath {
		from += "." + f
	}
	if r.NilFallback != "" {
		from += ", or " + r.NilFallback + " if nil"
	}
	return path + " is " + from
}

// merge joins the provenances of values that meet (a phi, several stores):
// a value that lacks the property on some path lacks it.
func merge(a, b Prov) Prov {
	switch {
	case a.cycle:
		return b
	case b.cycle:
		return a
	case a.Kind == Lacks:
		return a
	case b.Kind == Lacks:
		return b
	case a.Kind == Concrete && b.Kind == Concrete:
		return mergeConcrete(a, b)
	case a.Kind == Has && b.Kind == Has:
		if a.deadline > 0 && b.deadline > 0 {
			a.deadline = max(a.deadline, b.deadline)
		} else {
			a.deadline = 0
		}
		return a
	case a.Kind == b.Kind && a.Kind != FromParam:
		return a
	case a.Kind == Nil:
		return b
	case b.Kind == Nil:
		return a
	case a.Kind == FromParam && b.Kind == FromParam && a.Param == b.Param && a.Free == b.Free && slices.Equal(a.Path, b.Path):
		return a
	case a.Kind == FromParam && b.Kind == Has, a.Kind == Has && b.Kind == FromParam:
		if a.Kind == FromParam {
			return a
		}
		return b
	}
	return Prov{Kind: Unknown}
}

// closureOfCall makes the closure a function returns, p, known to the
// caller, with the call's args for the function's parameters it captures:
// a decorator (`wrap(r.reconcileInfra, "msg")` returns a func literal that
// calls what it wraps). A variable of the function's own that it captures
// (a cache the closure keeps) is out of sight: nil, so that what depends on
// it stays unknown. A closure that captures nothing of the caller's is
// left as it is.
func closureOfCall(p Prov, mc *ssa.MakeClosure, fn *ssa.Function, args []ssa.Value) Prov {
	free := make([]ssa.Value, len(mc.Bindings))
	some := false
	for k, b := range mc.Bindings {
		// Captured by reference: the variable holds the parameter.
		param, _ := storedOnce(b).(*ssa.Parameter)
		if i := slices.Index(fn.Params, param); param != nil && i >= 0 && i < len(args) {
			free[k], some = args[i], true
		}
	}
	if !some {
		return p // it captures the function's own variables only: out of sight
	}
	return Prov{Kind: Concrete, val: mc, free: free}
}

// storedOnce returns the one value stored into the variable v, if v is a
// local variable that one store sets.
func storedOnce(v ssa.Value) ssa.Value {
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var val ssa.Value
	for _, ref := range *alloc.Referrers() {
		if store, ok := ref.(*ssa.Store); ok && store.Addr == alloc {
			if val != nil {
				return nil
			}
			val = store.Val
		}
	}
	return val
}

// mergeConcrete joins two known callees: one, if they are the same (or
// values of one concrete type), else both, as alternatives.
func mergeConcrete(a, b Prov) Prov {
	same := func(x, y Prov) bool {
		if x.val == y.val && x.external == y.external && x.resultOf == y.resultOf && x.via == y.via && slices.Equal(x.free, y.free) {
			return true
		}
		return x.val != nil && y.val != nil && x.resultOf == 0 && y.resultOf == 0 && !isCallable(x.val) && !isCallable(y.val) &&
			types.Identical(x.val.Type(), y.val.Type())
	}
	var alts []Prov
	for _, p := range append(a.flat(), b.flat()...) {
		if !slices.ContainsFunc(alts, func(q Prov) bool { return same(p, q) }) {
			alts = append(alts, p)
		}
	}
	switch {
	case len(alts) == 1:
		return alts[0]
	case len(alts) > maxAlts:
		return Prov{Kind: Unknown}
	}
	return Prov{Kind: Concrete, alts: alts}
}

// flat lists the alternatives of a Concrete provenance.
func (p Prov) flat() []Prov {
	if len(p.alts) > 0 {
		return p.alts
	}
	return []Prov{p}
}

// provKey memoizes eval.
type provKey struct {
	v    ssa.Value
	path string
	prop Property
}

// eval says where the value at path below v comes from, as far as prop is
// concerned.
//
// A value met again while its own evaluation is under way (a cycle through
// a phi or a captured variable) counts for nothing where values meet: the
// result is what the other values say, a least fixed point found in one
// pass. What was worked out inside the cycle, with that value still open,
// is memoized only until the evaluation that opened it ends.
func (o *origins) eval(v ssa.Value, path []string, prop Property) Prov {
	key := provKey{v, strings.Join(path, "."), prop}
	if p, ok := o.provs[key]; ok {
		if p.open > 0 {
			o.lowestOpen = min(o.lowestOpen, p.open)
			return Prov{Kind: Unknown, cycle: true}
		}
		return p
	}
	o.depth++
	depth, outer := o.depth, o.lowestOpen
	o.provs[key] = Prov{Kind: Unknown, open: depth}
	o.lowestOpen = depth + 1 // nothing open above this one met yet
	p := o.evalUncached(v, path, prop)
	lowest := o.lowestOpen
	o.depth--
	o.lowestOpen = min(outer, lowest)
	for _, k := range o.provisional[depth] {
		delete(o.provs, k) // worked out with this value still open
	}
	delete(o.provisional, depth)
	if lowest < depth {
		// Depends on a value still open further up: memoized until it ends.
		o.provisional[lowest] = append(o.provisional[lowest], key)
	} else {
		p.cycle = false // a cycle only through itself: what the rest says
	}
	o.provs[key] = p
	return p
}

// maxPath bounds access paths (field of field of ...): longer ones are
// unknown, which keeps facts small and recursion over linked data finite.
const maxPath = 4

func (o *origins) evalUncached(v ssa.Value, path []string, prop Property) Prov {
	if len(path) > maxPath {
		return Prov{Kind: Unknown}
	}
	if prop == StatementBounds {
		if len(path) > 0 {
			return Prov{Kind: Unknown}
		}
		return o.statementBounds(v)
	}
	if len(path) > 0 {
		if i, ok := parseCallResult(path[0]); ok {
			if f := o.eval(v, nil, Dispatches); f.Kind == Concrete && f.resultOf == 0 {
				return o.evalResultOf(f, i, path[1:], prop)
			}
		}
		if name, i, ok := parseMethodResult(path[0]); ok {
			if p, ok := o.evalMethodResult(v, name, i, path[1:], prop); ok {
				return p
			}
		}
	}
	if prop == Dispatches && len(path) == 0 {
		switch v.(type) {
		case *ssa.Function, *ssa.MakeClosure:
			return Prov{Kind: Concrete, val: v}
		}
		if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc && !types.IsInterface(v.Type()) {
			return Prov{Kind: Concrete, val: v}
		}
	}
	if len(path) > 0 && (path[0] == requestCtx || path[0] == commandCtx) {
		if p, ok := o.evalCarrier(v, path); ok {
			return p
		}
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		p := Prov{Kind: FromParam, Param: slices.Index(v.Parent().Params, v), Path: path}
		if len(path) > 0 {
			if st, ok := pointee(v.Type()).Underlying().(*types.Struct); ok {
				if i := fieldIndex(st, path[0]); i >= 0 {
					return o.joinStores(v, i, p, path[1:], prop)
				}
			}
		}
		return p
	case *ssa.FreeVar:
		return Prov{Kind: FromParam, Free: true, Param: slices.Index(v.Parent().FreeVars, v), Path: path}
	case *ssa.Const:
		if v.IsNil() || v.Value == nil && zeroFieldIsNil(v.Type(), path) {
			// Database{} on an error path: its handle is nil, and a nil
			// handle panics before it waits.
			return Prov{Kind: Nil}
		}
		if prop == HasTimeout && isDuration(v.Type()) && len(path) == 0 {
			if isZero(v) {
				return Prov{Kind: Lacks, Origin: "a zero timeout (" + o.posString(v.Pos()) + ")", made: v.Pos()}
			}
			return Prov{Kind: Has}
		}
	case *ssa.Phi:
		if p, ok := o.nilDefault(v, path, prop); ok {
			return o.overridden(v, path, prop, p)
		}
		p := Prov{Kind: Nil}
		first := true
		for i, edge := range v.Edges {
			if nilContextEdge(v, i) {
				continue
			}
			if first {
				p, first = o.eval(edge, path, prop), false
				continue
			}
			p = merge(p, o.eval(edge, path, prop))
		}
		return o.overridden(v, path, prop, p)
	case *ssa.ChangeType:
		return o.eval(v.X, path, prop)
	case *ssa.MakeInterface:
		return o.eval(v.X, path, prop)
	case *ssa.ChangeInterface:
		// An interface value given another interface type (a client
		// held as the wide interface, bound to a field of a narrower
		// one): the same dynamic value.
		return o.eval(v.X, path, prop)
	case *ssa.TypeAssert:
		return o.eval(v.X, path, prop)
	case *ssa.UnOp:
		if v.Op != token.MUL {
			break
		}
		switch x := v.X.(type) {
		case *ssa.FreeVar:
			return Prov{Kind: FromParam, Free: true, Param: slices.Index(x.Parent().FreeVars, x), Path: append([]string{captured}, path...)}
		case *ssa.FieldAddr:
			return o.evalField(x.X, x.Field, path, prop)
		case *ssa.Global:
			if prop == HasTimeout && isGlobal(x, "net/http", "DefaultClient") {
				return Prov{Kind: Lacks, Origin: o.defaultClientOrigin(v.Parent())}
			}
			if prop == Dispatches && len(path) == 0 {
				return o.globalFunc(x)
			}
			if prop != Dispatches && x.Pkg == o.pkg {
				return o.globalValue(x, path, prop)
			}
		case *ssa.Alloc:
			if _, isStruct := x.Type().(*types.Pointer).Elem().Underlying().(*types.Struct); !isStruct {
				// A variable whose address is taken: what is stored in it.
				return o.evalCaptured(x, path, prop)
			}
			return o.eval(x, path, prop)
		case *ssa.IndexAddr:
			if elementTraced(v.Type(), prop) {
				return o.eval(x.X, append([]string{element}, path...), prop)
			}
		case *ssa.Parameter, *ssa.Call, *ssa.Extract, *ssa.Phi:
			// A struct copied out of a pointer (`newRequest := *r`): its
			// fields are the pointee's.
			if len(path) > 0 {
				return o.eval(x, path, prop)
			}
		case *ssa.UnOp:
			// A dialer copied out of a pointer a field holds (`d =
			// *c.Dialer`): its timeout is the pointee's. Only that: other
			// paths through loads of loads walk linked data.
			if len(path) == 0 && prop == HasTimeout {
				return o.eval(x, nil, prop)
			}
		}
	case *ssa.Index:
		if elementTraced(v.Type(), prop) {
			return o.eval(v.X, append([]string{element}, path...), prop)
		}
	case *ssa.Slice:
		if len(path) > 0 && path[0] == element {
			return o.eval(v.X, path, prop)
		}
	case *ssa.Field:
		return o.evalStructField(v.X, v.Field, path, prop)
	case *ssa.Global:
		if prop == HasTimeout && isGlobal(v, "net/http", "DefaultClient") && len(path) == 0 {
			return Prov{Kind: Lacks, Origin: "http.DefaultClient"}
		}
	case *ssa.Alloc:
		if len(path) > 0 && (path[0] == requestCtx || path[0] == commandCtx) {
			return o.evalCopies(v, path, prop)
		}
		if len(path) > 0 && path[0] == captured {
			return o.evalCaptured(v, path[1:], prop)
		}
		if len(path) > 0 && path[0] == element {
			return o.evalElements(v, path[1:], prop)
		}
		if len(path) > 0 {
			return o.overridden(v, path, prop, o.evalStores(v, path, prop))
		}
		if prop == HasTimeout && hasTimeoutField(v.Type()) {
			return o.timeoutOf(v)
		}
	case *ssa.Call:
		if b, ok := v.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(path) > 0 && path[0] == element {
			// The elements of append(s, more...) are those of both.
			return merge(o.eval(v.Call.Args[0], path, prop), o.eval(v.Call.Args[1], path, prop))
		}
		return o.overridden(v, path, prop, o.evalCall(v, 0, path, prop))
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			return o.overridden(v, path, prop, o.evalCall(call, v.Index, path, prop))
		}
		if lookup, ok := v.Tuple.(*ssa.Lookup); ok && v.Index == 0 && prop == Dispatches && elementTraced(v.Type(), prop) {
			return o.eval(lookup.X, append([]string{element}, path...), prop) // h, ok := handlers[state]
		}
	case *ssa.Lookup:
		// Only for the funcs a map holds: a client looked up in a map
		// stays of unknown origin (-strict).
		if _, isMap := v.X.Type().Underlying().(*types.Map); isMap && prop == Dispatches && elementTraced(v.Type(), prop) {
			return o.eval(v.X, append([]string{element}, path...), prop)
		}
	case *ssa.MakeMap:
		if len(path) > 0 && path[0] == element {
			return o.evalMapValues(v, path[1:], prop)
		}
	}
	return Prov{Kind: Unknown}
}

// returnedHere joins what fn, a function of this package, returns as
// result i, at path, for Dispatches.
func (o *origins) returnedHere(fn *ssa.Function, i int, path []string) Prov {
	var vals []ssa.Value
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			vals = append(vals, ssaflow.Returned(ret, i)...)
		}
	}
	return o.join(vals, path, Dispatches)
}

// evalMapValues joins the values a map literal made here holds (a state
// machine's handlers: `map[State]handler{StateNone: m.handleNone, ...}`).
func (o *origins) evalMapValues(m *ssa.MakeMap, path []string, prop Property) Prov {
	var stored []ssa.Value
	for _, ref := range *m.Referrers() {
		if update, ok := ref.(*ssa.MapUpdate); ok && update.Map == m {
			stored = append(stored, update.Value)
		}
	}
	return o.join(stored, path, prop)
}

// defaultClientOrigin names http.DefaultClient read in fn, with where fn
// reads it when fn's source is in sight: a helper or an implementation
// that picks the default client is the place to fix.
func (o *origins) defaultClientOrigin(fn *ssa.Function) string {
	origin := "http.DefaultClient"
	if fn == nil || fn.Syntax() == nil || fn.Pkg != o.pkg {
		return origin
	}
	pos := token.NoPos
	ast.Inspect(fn.Syntax(), func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit && n != fn.Syntax() {
			return false // a closure is a function of its own
		}
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || pos.IsValid() || sel.Sel.Name != "DefaultClient" {
			return !pos.IsValid()
		}
		if obj, ok := o.pass.TypesInfo.Uses[sel.Sel].(*types.Var); ok && obj.Pkg() != nil && obj.Pkg().Path() == "net/http" {
			pos = sel.Pos()
		}
		return false
	})
	if !pos.IsValid() {
		return origin
	}
	return origin + " (" + o.posString(pos) + ")"
}

// evalField follows a load of field i of the struct x points to.
func (o *origins) evalField(x ssa.Value, i int, path []string, prop Property) Prov {
	field := ssaflow.FieldName(pointee(x.Type()), i)
	return o.joinStores(x, i, o.eval(x, append([]string{field}, path...), prop), path, prop)
}

// joinStores joins to the provenance of field i of the struct x points to
// the values this function stores into that field. An SDK that does
// `if c.HTTPClient == nil { c.HTTPClient = http.DefaultClient }` uses the
// caller's client, or DefaultClient when the caller left it nil.
func (o *origins) joinStores(x ssa.Value, i int, through Prov, path []string, prop Property) Prov {
	for _, store := range lastStores(x, i) {
		stored := o.eval(store.Val, path, prop)
		if through.Kind == FromParam && stored.Kind == Lacks {
			through.NilFallback = stored.Origin
			continue
		}
		through = merge(through, stored)
	}
	return through
}

// lastStores returns the stores into field i of the struct x points to,
// keeping in each block only the last: a later statement that replaces a
// value replaces it.
func lastStores(x ssa.Value, i int) []*ssa.Store {
	refs := x.Referrers()
	if refs == nil {
		// A package variable (registries.DefaultTimeouts.APICall): SSA
		// keeps no referrers of globals, and what init stores is read
		// elsewhere (see constant).
		return nil
	}
	last := make(map[*ssa.BasicBlock]*ssa.Store)
	var order []*ssa.BasicBlock
	for _, ref := range *refs {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != x || fa.Field != i {
			continue
		}
		for _, use := range *fa.Referrers() {
			store, ok := use.(*ssa.Store)
			if !ok || store.Addr != fa {
				continue
			}
			b := store.Block()
			if prev, seen := last[b]; !seen {
				order = append(order, b)
			} else if instrIndex(prev) > instrIndex(store) {
				continue
			}
			last[b] = store
		}
	}
	stores := make([]*ssa.Store, len(order))
	for j, b := range order {
		stores[j] = last[b]
	}
	return stores
}

func instrIndex(instr ssa.Instruction) int {
	return slices.Index(instr.Block().Instrs, instr)
}

func pointee(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func fieldIndex(st *types.Struct, name string) int {
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return i
		}
	}
	return -1
}

func (o *origins) evalStructField(x ssa.Value, i int, path []string, prop Property) Prov {
	return o.eval(x, append([]string{ssaflow.FieldName(x.Type(), i)}, path...), prop)
}

// evalStores follows path into a struct allocated here: the values stored
// into its first field, or nil if none is.
func (o *origins) evalStores(alloc *ssa.Alloc, path []string, prop Property) Prov {
	st, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return Prov{Kind: Unknown}
	}
	i := fieldIndex(st, path[0])
	if i < 0 {
		return Prov{Kind: Unknown}
	}
	// The field is nil until a store sets it: a later store in the same
	// block replaces an earlier one; stores in different blocks join.
	p := Prov{Kind: Nil}
	if opts := optionsApplied(alloc); opts != nil {
		// Functional options may set it: what the caller passes decides,
		// and a store of a client without Timeout is what the SDK falls
		// back to when no option set one (`if c.http == nil { ... }`).
		p = Prov{Kind: FromParam, Param: slices.Index(opts.Parent().Params, opts), Path: append([]string{options}, path...)}
		for _, store := range lastStores(alloc, i) {
			if stored := o.eval(store.Val, path[1:], prop); stored.Kind == Lacks {
				p.NilFallback = stored.Origin
			}
		}
		return p
	}
	fieldStores := lastStores(alloc, i)
	for _, store := range fieldStores {
		p = merge(p, o.eval(store.Val, path[1:], prop))
	}
	// A whole struct stored into the variable (`c, err := sdk.New()`),
	// unless a later store in the block sets the field; a zero value leaves
	// the field nil, as before any store.
	for _, ref := range *alloc.Referrers() {
		store, ok := ref.(*ssa.Store)
		if !ok || store.Addr != ssa.Value(alloc) {
			continue
		}
		if _, zero := store.Val.(*ssa.Const); zero {
			continue
		}
		if slices.ContainsFunc(fieldStores, func(fs *ssa.Store) bool {
			return fs.Block() == store.Block() && instrIndex(fs) > instrIndex(store)
		}) {
			continue
		}
		p = merge(p, o.eval(store.Val, path, prop))
	}
	if p.Kind == Nil && prop == HasTimeout && len(path) == 1 && isDuration(st.Field(i).Type()) {
		if handedOff(alloc) {
			return Prov{Kind: Unknown} // a call may set it (config parsed by reflection)
		}
		// A timeout field nobody set is zero: no timeout.
		return Prov{Kind: Lacks, Origin: fmt.Sprintf("%s.%s%s (%s)", typeName(alloc.Type()), path[0], neverSet, o.posString(alloc.Pos())), made: alloc.Pos()}
	}
	return p
}

// evalCopies joins the values stored whole into the variable at alloc: a
// request copied by value (`newRequest := *r`) carries the ctx of the one
// it copies, which only the carriers (WithContext, Clone) change.
func (o *origins) evalCopies(alloc *ssa.Alloc, path []string, prop Property) Prov {
	var p *Prov
	for _, ref := range *alloc.Referrers() {
		store, ok := ref.(*ssa.Store)
		if !ok || store.Addr != ssa.Value(alloc) {
			continue
		}
		if _, zero := store.Val.(*ssa.Const); zero {
			continue
		}
		stored := o.eval(store.Val, path, prop)
		if p != nil {
			stored = merge(*p, stored)
		}
		p = &stored
	}
	if p == nil {
		return Prov{Kind: Unknown}
	}
	return *p
}

// neverSet ends the origin of a timeout field that no one set.
const neverSet = ", never set"

// UnsetTimeoutField returns the SDK timeout field ("rabbithole.Client.timeout")
// that an effect's notes blame, if one does: the fix is then the SDK's
// setter or option, not a field of an http.Client the user never sees.
func UnsetTimeoutField(e Effect) string {
	for _, note := range e.Notes {
		if field, _, ok := strings.Cut(note, neverSet+" ("); ok {
			return field
		}
	}
	return ""
}

// handedOff reports whether the struct at alloc is given to a call or
// stored away before it is used, where its fields may be set out of sight.
func handedOff(alloc *ssa.Alloc) bool {
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case ssa.CallInstruction:
			return true
		case *ssa.MakeInterface, *ssa.ChangeType:
			return true
		case *ssa.Store:
			if ref.Val == ssa.Value(alloc) {
				return true
			}
		}
	}
	return false
}

// optionsApplied returns the variadic parameter of functional options
// (`opts ...Option`) that the function applies to the struct at alloc
// (`for _, o := range opts { o(c) }`), if it does.
func optionsApplied(alloc *ssa.Alloc) *ssa.Parameter {
	for _, ref := range *alloc.Referrers() {
		call, ok := ref.(*ssa.Call)
		if !ok || !slices.Contains(call.Call.Args, ssa.Value(alloc)) {
			continue
		}
		load, ok := call.Call.Value.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		ia, ok := load.X.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		param, ok := ia.X.(*ssa.Parameter)
		fn := alloc.Parent()
		if ok && fn.Signature.Variadic() && param == fn.Params[len(fn.Params)-1] {
			return param
		}
	}
	return nil
}

// elementTraced says whether an element of type t of a slice is followed to
// the values stored in the slice: not an interface to dispatch through,
// which the package's own implementations decide (see implementations).
func elementTraced(t types.Type, prop Property) bool {
	return prop != Dispatches || !types.IsInterface(t)
}

// evalElements joins the values stored into the elements of an array
// allocated here (the backing array of a slice literal).
func (o *origins) evalElements(alloc *ssa.Alloc, path []string, prop Property) Prov {
	var stored []ssa.Value
	for _, ref := range *alloc.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok || ia.X != alloc {
			continue
		}
		for _, use := range *ia.Referrers() {
			if store, ok := use.(*ssa.Store); ok && store.Addr == ia {
				stored = append(stored, store.Val)
			}
		}
	}
	return o.join(stored, path, prop)
}

// evalCaptured joins the values the enclosing function stores into a
// variable that a closure captured.
func (o *origins) evalCaptured(v *ssa.Alloc, path []string, prop Property) Prov {
	var stored []ssa.Value
	for _, ref := range *v.Referrers() {
		if store, ok := ref.(*ssa.Store); ok && store.Addr == v {
			stored = append(stored, store.Val)
		}
	}
	return o.join(stored, path, prop)
}

// join merges the provenances of values that may meet: unknown if none.
func (o *origins) join(vals []ssa.Value, path []string, prop Property) Prov {
	p := Prov{Kind: Unknown}
	for i, v := range vals {
		if q := o.eval(v, path, prop); i == 0 {
			p = q
		} else {
			p = merge(p, q)
		}
	}
	return p
}

// timeoutOf decides a client or dialer built here: it has a timeout if any
// store sets its Timeout field (in the literal or after it) to a value that
// is not zero. SDKs often copy their own field (`Timeout: c.timeout`), which
// is zero unless their caller set it: that value decides.
func (o *origins) timeoutOf(alloc *ssa.Alloc) Prov {
	st := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	var copied *Prov
	whole := false // copied is a whole value stored into the variable
	for _, ref := range *alloc.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || st.Field(fa.Field).Name() != "Timeout" {
			continue
		}
		for _, use := range *fa.Referrers() {
			store, ok := use.(*ssa.Store)
			if !ok || store.Addr != fa || isZero(store.Val) {
				continue
			}
			p := o.eval(store.Val, nil, HasTimeout)
			switch {
			case p.Kind == Lacks || p.Kind == FromParam:
				if copied == nil {
					copied = &p
				}
			default: // a constant, or a value nothing is known of: assume it bounds
				return Prov{Kind: Has}
			}
		}
	}
	// A whole value stored into the variable (`var d net.Dialer; if ... {
	// d = net.Dialer{Timeout: t} } else { d = *c.Dialer }`): its Timeout is
	// the variable's, and the zero value the variable starts with is
	// overwritten.
	for _, ref := range *alloc.Referrers() {
		store, ok := ref.(*ssa.Store)
		if !ok || store.Addr != ssa.Value(alloc) || isZero(store.Val) {
			continue
		}
		p := o.eval(store.Val, nil, HasTimeout)
		switch {
		case p.Kind == Lacks || p.Kind == FromParam:
			if copied == nil {
				copied, whole = &p, true
			}
		case p.Kind == Nil:
		default:
			return Prov{Kind: Has}
		}
	}
	switch {
	case copied != nil && copied.Kind == Lacks && whole:
		return *copied // the literal stored is where the fix goes
	case copied != nil && copied.Kind == Lacks:
		return Prov{Kind: Lacks, Origin: copied.Origin}
	case copied != nil:
		return *copied
	}
	return Prov{Kind: Lacks, Origin: fmt.Sprintf("%s without Timeout (%s)", typeName(alloc.Type()), o.posString(alloc.Pos())), at: alloc.Pos(), made: alloc.Pos()}
}

// evalCarrier follows a request or a command made by a carrier of the
// model (http.NewRequestWithContext, exec.Command, ...) to its context.
func (o *origins) evalCarrier(v ssa.Value, path []string) (Prov, bool) {
	call, ok := v.(*ssa.Call)
	if extract, isExtract := v.(*ssa.Extract); isExtract {
		call, ok = extract.Tuple.(*ssa.Call)
	}
	if !ok {
		return Prov{}, false
	}
	callee := ssaflow.CalleeObject(call.Call)
	if callee == nil {
		return Prov{}, false
	}
	carrier := model.CarrierOf(model.FuncName(callee))
	switch {
	case carrier == nil:
		return Prov{}, false
	case carrier.Ctx < 0:
		return Prov{Kind: Lacks, Origin: fmt.Sprintf("%s (%s)", carrier.Why, o.posString(call.Pos())), made: call.Pos()}, true
	}
	_, params := splitReceiver(&call.Call)
	return o.eval(params[carrier.Ctx], path[1:], HasDeadline), true
}

// evalCall says where result i of a call comes from, at path below it: from
// the context functions, from a function of this package, or from the facts
// of another package.
func (o *origins) evalCall(call *ssa.Call, i int, path []string, prop Property) Prov {
	callee := ssaflow.CalleeObject(call.Call)
	if prop == HasDeadline && len(path) == 0 && i == 0 && isCtxWrapper(call.Call, callee) {
		// A logger or a span attached to the ctx: its deadline is the
		// one it was given.
		if args := call.Call.Args; len(args) > 0 && isContext(args[0].Type()) {
			return o.eval(args[0], nil, prop)
		}
	}
	if callee == nil {
		if call.Call.IsInvoke() || call.Call.StaticCallee() != nil {
			return Prov{Kind: Unknown}
		}
		// A call of a func value: what the value's function returns.
		return o.eval(call.Call.Value, append([]string{callResult(i)}, path...), prop)
	}
	if prop == HasDeadline && len(path) == 0 {
		switch model.FuncName(callee) {
		case "context.Background", "context.TODO":
			return Prov{Kind: Lacks, Origin: fmt.Sprintf("context.%s() (%s)", callee.Name(), o.posString(call.Pos())), made: call.Pos()}
		case "context.WithoutCancel":
			return Prov{Kind: Lacks, Origin: fmt.Sprintf("context.WithoutCancel, which drops the deadline (%s)", o.posString(call.Pos())), made: call.Pos()}
		case "context.WithTimeout", "context.WithTimeoutCause":
			d, _ := constDuration(call.Call.Args[1])
			return Prov{Kind: Has, deadline: max(d, 0)}
		case "context.WithDeadline", "context.WithDeadlineCause":
			return Prov{Kind: Has}
		case "context.WithCancel", "context.WithCancelCause", "context.WithValue":
			return o.eval(call.Call.Args[0], nil, prop)
		}
	}

	if call.Call.IsInvoke() {
		return o.evalInvoke(call, i, path, prop)
	}
	if fn := o.localFunc(call.Call); fn != nil {
		if prop == Dispatches && len(path) > 0 && path[0] == element {
			// The elements of a list or a map of funcs a function of this
			// package returns (`hsm.handlers()[state]`): what it returns.
			p := o.returnedHere(fn, i, path)
			if args := callArgs(call.Call); p.Kind == FromParam && !p.Free && p.Param < len(args) {
				return o.eval(args[p.Param], p.Path, prop)
			}
			if p.Kind == FromParam {
				return Prov{Kind: Unknown}
			}
			return p
		}
		if prop == Dispatches && len(path) == 0 {
			p := o.resultConcrete(fn, i)
			if mc, ok := p.val.(*ssa.MakeClosure); ok && p.foreign {
				return closureOfCall(p, mc, fn, callArgs(call.Call))
			}
			if p.Kind != FromParam {
				return p
			}
			if args := callArgs(call.Call); !p.Free && p.Param < len(args) {
				return o.eval(args[p.Param], p.Path, prop)
			}
			return Prov{Kind: Unknown}
		}
		return o.resultProv(o.resultValues(fn), i, path, prop, callArgs(call.Call))
	}
	if prop == DriverBounds && len(path) == 0 {
		if p, ok := o.driverBounds(call.Call, callee); ok {
			return p
		}
	}
	if model.IsStd(model.PkgPath(callee.Pkg())) {
		return Prov{Kind: Unknown}
	}
	if len(path) > 0 && path[0] == model.SDKHTTPClient {
		if sdk := model.SDKClientOf(model.FuncName(callee)); sdk != nil {
			return o.sdkHTTPClient(call, callee, sdk, path[1:], prop)
		}
	}
	p := o.externalResult(callee.Origin(), i, path, prop, callArgs(call.Call))
	if p.Kind == Lacks && prop == HasTimeout && !p.made.IsValid() && !o.inModule(callee.Pkg()) {
		// A dependency's constructor that builds a client with no
		// timeout: the fix is an option or a client passed at this call.
		p.Origin = fmt.Sprintf("%s%s%s returns (%s)", p.Origin, madeByNote, shortFuncName(callee), o.posString(call.Pos()))
		p.made = call.Pos()
	}
	return p
}

// sdkHTTPClient says where the HTTP client of the SDK client that call, a
// constructor of model.SDKClients, returns comes from: the one its options
// hold, or the SDK's default when they hold none. A per-try timeout set in
// the options bounds each request whatever the client.
func (o *origins) sdkHTTPClient(call *ssa.Call, callee *types.Func, sdk *model.SDKClient, path []string, prop Property) Prov {
	args := callArgs(call.Call)
	if prop != HasTimeout || len(path) > 0 || sdk.Param >= len(args) {
		return Prov{Kind: Unknown}
	}
	if len(sdk.TryTimeout) > 0 && o.eval(args[sdk.Param], sdk.TryTimeout, HasTimeout).Kind == Has {
		return Prov{Kind: Has}
	}
	p := o.eval(args[sdk.Param], sdk.Path, HasTimeout)
	if p.Kind == Nil {
		// The options hold no client (or there are none): the SDK's own.
		return Prov{Kind: Lacks, Origin: fmt.Sprintf("%s%s%s returns (%s)", sdk.Fallback, madeByNote, shortFuncName(callee), o.posString(call.Pos())),
			made: call.Pos()}
	}
	return p
}

// isSDKClient matches the clients of model.SDKClients.
func isSDKClient(t types.Type) bool {
	named := namedOf(pointee(t))
	return named != nil && named.Obj().Pkg() != nil && model.IsSDKClientType(model.PkgPath(named.Obj().Pkg()), named.Obj().Name())
}

// madeByNote joins an origin in a dependency to the constructor call of
// this module that returned it (see evalCall).
const madeByNote = ", in what "

// Constructor names the dependency's constructor whose call in the module
// built the client that leaves e unbounded, or "".
func Constructor(e Effect) string {
	for _, n := range e.Notes {
		if _, after, ok := strings.Cut(n, madeByNote); ok {
			name, _, _ := strings.Cut(after, " returns (")
			return name
		}
	}
	return ""
}

// resultProv picks, from what a function returns, result i at path; a
// value that comes from the function's parameters is decided with args,
// the call's arguments, or unknown when the call is out of sight.
func (o *origins) resultProv(results []ResultValue, i int, path []string, prop Property, args []ssa.Value) Prov {
	for _, r := range results {
		if r.Result != i || !slices.Equal(r.Path, path) {
			continue
		}
		if r.Kind == FromParam {
			if r.Param >= len(args) || args[r.Param] == nil {
				return Prov{Kind: Unknown}
			}
			p := o.eval(args[r.Param], r.ParamPath, prop)
			if p.Kind == Nil && r.NilFallback != "" {
				return Prov{Kind: Lacks, Origin: r.NilFallback}
			}
			return p
		}
		return Prov{Kind: r.Kind, Origin: r.Origin}
	}
	return Prov{Kind: Unknown}
}

// methodOffset is 1 for a static call of a method: its receiver is Args[0].
func methodOffset(call ssa.CallCommon) int {
	if obj := ssaflow.CalleeObject(call); obj != nil && !call.IsInvoke() && obj.Signature().Recv() != nil {
		return 1
	}
	return 0
}

// callArgs returns the arguments of a call aligned with the callee's SSA
// parameters, the receiver first.
func callArgs(call ssa.CallCommon) []ssa.Value {
	if call.IsInvoke() {
		return append([]ssa.Value{call.Value}, call.Args...)
	}
	return call.Args
}

// resultValues computes what a function of this package returns, along the
// paths that lead to a client or a context.
func (o *origins) resultValues(fn *ssa.Function) []ResultValue {
	if r, ok := o.results[fn]; ok {
		return r
	}
	o.results[fn] = nil // recursion: nothing known
	var values []ResultValue
	results := fn.Signature.Results()
	for i := range results.Len() {
		for _, tp := range tracedPaths(results.At(i).Type(), 3, o.scopeFields()) {
			var p Prov
			first := true
			for _, b := range fn.Blocks {
				ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
				if !ok {
					continue
				}
				for _, v := range ssaflow.Returned(ret, i) {
					q := o.eval(v, tp.path, tp.prop)
					if first {
						p, first = q, false
					} else {
						p = merge(p, q)
					}
				}
			}
			if first || p.Kind == Unknown || p.Kind == FromParam && p.Free || tp.prop == Dispatches && p.Kind != FromParam {
				// A func field's callee travels in a fact only as the
				// constructor's parameter it was set from.
				continue
			}
			values = append(values, ResultValue{Result: i, Path: tp.path, Kind: p.Kind, Origin: p.Origin,
				Param: p.Param, ParamPath: p.Path, NilFallback: p.NilFallback})
		}
	}
	o.results[fn] = values
	return values
}

type tracedPath struct {
	path []string
	prop Property
}

// tracedPaths lists the paths below a value of type t, at most depth fields
// deep, that end at a client, a dialer or a context; and, when sdk is not
// nil, at a field of an interface type it accepts (an SDK client a scope
// holds, whose callee is decided where the scope is built).
func tracedPaths(t types.Type, depth int, sdk func(types.Type) bool) []tracedPath {
	switch {
	case isContext(t):
		return []tracedPath{{nil, HasDeadline}}
	case hasTimeoutField(t), clientInterface(t):
		return []tracedPath{{nil, HasTimeout}}
	case isNamed(pointee(t), "net/http", "Request"):
		// A request built by a helper (`newRequest(c, path)`): its context.
		return []tracedPath{{[]string{requestCtx}, HasDeadline}}
	case isNamed(pointee(t), "os/exec", "Cmd"):
		return []tracedPath{{[]string{commandCtx}, HasDeadline}}
	case isNamed(pointee(t), "database/sql", "DB"):
		return []tracedPath{{nil, DriverBounds}}
	case isSDKClient(t):
		return []tracedPath{{[]string{model.SDKHTTPClient}, HasTimeout}}
	case depth == 0:
		return nil
	}
	if sig, ok := t.Underlying().(*types.Signature); ok {
		// A factory: what calling it returns (a closure that captured the
		// configuration builds the client).
		var paths []tracedPath
		for j := range sig.Results().Len() {
			for _, sub := range tracedPaths(sig.Results().At(j).Type(), depth-1, sdk) {
				paths = append(paths, tracedPath{append([]string{callResult(j)}, sub.path...), sub.prop})
			}
		}
		return paths
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var paths []tracedPath
	for i := range st.NumFields() {
		f := st.Field(i)
		if isTimeoutSetting(f) {
			paths = append(paths, tracedPath{[]string{f.Name()}, HasTimeout})
			continue
		}
		if sig, ok := f.Type().Underlying().(*types.Signature); ok && callbackMayWait(sig) {
			// A func field a constructor sets from its parameter (a
			// shared handler given the controller's delete function):
			// its callee is decided where the constructor is called.
			paths = append(paths, tracedPath{[]string{f.Name()}, Dispatches})
		}
		if sdk != nil && sdk(f.Type()) {
			// An interface field a constructor sets from its parameter
			// (scope.NewMachineScope(scope.Params{RobotClient: c})): the
			// methods called on it are decided where it is called.
			paths = append(paths, tracedPath{[]string{f.Name()}, Dispatches})
		}
		for _, sub := range tracedPaths(f.Type(), depth-1, sdk) {
			paths = append(paths, tracedPath{append([]string{f.Name()}, sub.path...), sub.prop})
		}
	}
	return paths
}

func isFunc(v ssa.Value) bool {
	_, ok := v.(*ssa.Function)
	return ok
}

// isCallable: a function or a closure, which are told apart by identity,
// not by type.
func isCallable(v ssa.Value) bool {
	_, closure := v.(*ssa.MakeClosure)
	return isFunc(v) || closure
}

func isContext(t types.Type) bool { return isNamed(t, "context", "Context") }

// isCtxWrapper reports whether call calls one of model.CtxWrappers: by
// its callee, or through the package variable that holds it.
func isCtxWrapper(call ssa.CallCommon, callee *types.Func) bool {
	if callee != nil {
		return model.IsCtxWrapper(model.FuncName(callee))
	}
	load, ok := call.Value.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	g, ok := load.X.(*ssa.Global)
	return ok && g.Pkg != nil && model.IsCtxWrapper(g.Pkg.Pkg.Path()+"."+g.Name())
}

func isDuration(t types.Type) bool { return isNamed(t, "time", "Duration") }

// isTimeoutSetting matches an SDK's own timeout field, which the clients it
// builds copy (`&http.Client{Timeout: c.timeout}`).
func isTimeoutSetting(f *types.Var) bool {
	return isDuration(f.Type()) && strings.Contains(strings.ToLower(f.Name()), "timeout")
}

// tracedField: a field whose value decides a requirement.
func tracedField(f *types.Var) bool {
	return isTimeoutSetting(f) || isContext(f.Type()) || hasTimeoutField(f.Type()) || isNamed(pointee(f.Type()), "database/sql", "DB")
}

// clientInterface matches an interface that *http.Client implements
// (`interface{ Do(*http.Request) (*http.Response, error) }`): the client it
// holds decides the requests sent through it.
func clientInterface(t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() == 0 {
		return false
	}
	// net/http, from the types the methods mention.
	var client types.Object
	for m := range iface.NumMethods() {
		sig := iface.Method(m).Signature()
		for _, tuple := range []*types.Tuple{sig.Params(), sig.Results()} {
			for v := range tuple.Variables() {
				if named := namedOf(v.Type()); named != nil && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "net/http" {
					client = named.Obj().Pkg().Scope().Lookup("Client")
				}
			}
		}
	}
	return client != nil && types.Implements(types.NewPointer(client.Type()), iface)
}

// hasTimeoutField matches *http.Client and *net.Dialer (and the structs):
// the types whose Timeout field bounds every request or dial.
func hasTimeoutField(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return isNamed(t, "net/http", "Client") || isNamed(t, "net", "Dialer")
}

func typeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if named, ok := types.Unalias(t).(*types.Named); ok {
		return named.Obj().Pkg().Name() + "." + named.Obj().Name()
	}
	return t.String()
}

func isGlobal(g *ssa.Global, pkg, name string) bool {
	return g.Pkg != nil && g.Pkg.Pkg.Path() == pkg && g.Name() == name
}

func isZero(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && (c.Value == nil || c.Value.ExactString() == "0")
}

// nilContextEdge reports whether edge i of phi flows only when a
// context.Context is nil: `if ctx != nil { req = req.WithContext(ctx) }`
// (datadog-api-client's prepareRequest), whose other edge keeps the
// request http.NewRequest made under context.Background(). No caller
// passes a nil Context (the context package's rule, which vet's and
// staticcheck's checks enforce), so that edge never runs. When every edge
// is such, none is dropped (see the Phi case of eval).
func nilContextEdge(phi *ssa.Phi, i int) bool {
	pred := phi.Block().Preds[i]
	for _, b := range phi.Block().Parent().Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ifInstr, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		bin, ok := ifInstr.Cond.(*ssa.BinOp)
		if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
			continue
		}
		x := bin.X
		if c, ok := bin.X.(*ssa.Const); ok && c.IsNil() {
			x = bin.Y
		} else if c, ok := bin.Y.(*ssa.Const); !ok || !c.IsNil() {
			continue
		}
		if !isNamed(x.Type(), "context", "Context") {
			continue
		}
		nilSide := b.Succs[1] // ctx != nil: the false side
		if bin.Op == token.EQL {
			nilSide = b.Succs[0]
		}
		switch {
		case pred == b && nilSide == phi.Block():
			return true // the nil side jumps straight to the phi
		case nilSide != phi.Block() && onlyThrough(nilSide, b) && nilSide.Dominates(pred):
			return true
		}
	}
	return false
}

// nilDefault matches `if c == nil { c = http.DefaultClient }` on a
// parameter: the phi is the caller's value, and what it falls back to only
// when the caller passes nil. Without it the default would name the origin
// even when every caller passes a client of its own.
func (o *origins) nilDefault(phi *ssa.Phi, path []string, prop Property) (Prov, bool) {
	if len(phi.Edges) != 2 || len(path) > 0 {
		return Prov{}, false
	}
	for i, edge := range phi.Edges {
		param, ok := edge.(*ssa.Parameter)
		if !ok || !comparedWithNil(param) {
			continue
		}
		fallback := o.eval(phi.Edges[1-i], path, prop)
		if fallback.Kind != Lacks {
			return Prov{}, false
		}
		p := o.eval(param, path, prop)
		p.NilFallback = fallback.Origin
		return p, true
	}
	return Prov{}, false
}

// comparedWithNil reports whether the function compares v with nil.
func comparedWithNil(v ssa.Value) bool {
	for _, ref := range *v.Referrers() {
		if bin, ok := ref.(*ssa.BinOp); ok && (bin.Op == token.EQL || bin.Op == token.NEQ) {
			if c, ok := bin.Y.(*ssa.Const); ok && c.IsNil() {
				return true
			}
			if c, ok := bin.X.(*ssa.Const); ok && c.IsNil() {
				return true
			}
		}
	}
	return false
}

// evalBound says where the caller's value for r comes from.
func (o *origins) evalBound(args bound, r Requirement) Prov {
	v := args.value(r)
	if v == nil {
		return Prov{Kind: Unknown}
	}
	path := r.Path
	if r.Free && args.freeValues {
		if len(path) == 0 || path[0] != captured {
			return Prov{Kind: Unknown}
		}
		path = path[1:]
	}
	p := o.eval(v, path, r.Prop)
	if p.Kind == FromParam && args.foreignRecv && !r.Free && r.Param == 0 {
		return Prov{Kind: Unknown} // the parameters of another function
	}
	return p
}

// zeroFieldIsNil reports whether the field at path of the zero value of
// struct type t is nil: a pointer, interface, map, func, chan or slice.
func zeroFieldIsNil(t types.Type, path []string) bool {
	if len(path) == 0 {
		return false
	}
	for _, name := range path {
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return false
		}
		var field *types.Var
		for f := range st.Fields() {
			if f.Name() == name {
				field = f
			}
		}
		if field == nil {
			return false
		}
		t = field.Type()
	}
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Signature, *types.Chan, *types.Slice:
		return true
	}
	return false
}
