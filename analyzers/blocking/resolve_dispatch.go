package blocking

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Calls through interfaces and func values whose dynamic callee is bound
// elsewhere.
//
// Operators inject their cloud SDK as an interface (`Cloud CloudAPI`) or a
// factory (`ClientFactory func(...)`) that main binds; the implementation
// often lives in a package the controller does not import. Such a call
// becomes a dispatch effect: "calls Delete on the value at param 0.Cloud",
// with what is known of the call's context and client arguments. Like any
// requirement, callers decide it or pass it on; where the value is bound
// (main, a constructor's call) its concrete type is known, and the effects
// of its method, from this package's summaries or the method's fact, replace
// the dispatch, their requirements decided with the bound value and the
// recorded arguments.

// Dispatch describes a call whose callee a Dispatches requirement tracks.
type Dispatch struct {
	Method string     // the method called; "" for a call of a func value
	Args   []ArgValue // the call's context and client arguments
}

// ArgValue is what is known of one argument of a dispatched call.
type ArgValue struct {
	Param int // the callee's SSA parameter it is passed as (a method's receiver is 0)
	Prop  Property
	Kind  ProvKind // Lacks, Has, FromParam or Unknown
	// Origin says where a value that lacks Prop was made.
	Origin string
	// From says, for FromParam, which value of the current function it is.
	From Requirement
	// target, for an argument of Prop Dispatches that the caller decided
	// (Concrete), is the value it holds: a dispatch inside the callee on
	// that parameter expands to its methods (see argDispatch). Not in facts.
	target *Prov
}

// recvArg, as the Param of an ArgValue's From, is the reconciler whose field
// a field need is on (FieldNeeds): an argument of the dispatched call taken
// from another field of the same reconciler (a client its factory field
// made), decided where main binds both (see atEntry).
const recvArg = -1

// dispatch records an interface or func-value call whose callee the
// value's provenance decides: resolved here when its concrete type is in
// sight, in any package; passed on as a requirement when the value comes
// from a parameter or a field, in the packages that bind reconcilers'
// values (see dispatching). It reports false when neither is known.
func (res *resolver) dispatch(s site, call *ssa.CallCommon) bool {
	if call.IsInvoke() && !res.userInterface(call.Method) {
		return false
	}
	p := res.values.eval(call.Value, nil, Dispatches)
	switch p.Kind {
	case FromParam:
		// In the other packages of the module under review, a method
		// call that no implementation in sight decides (a service calling
		// the SDK client its scope holds) is passed on to where the value
		// is bound; the implementations in sight decide the rest, as in
		// any package.
		passOn := res.dispatching() || call.IsInvoke() && res.passesOn(true) &&
			len(res.implementations(call)) == 0 && res.implementedBy(call.Value.Type(), call.Method.Name()) == nil
		if !passOn && (call.IsInvoke() || !p.callback(s.fi.fn) || !callbackMayWait(call.Signature())) {
			// Passing the call on to the callers is for the packages
			// that bind reconcilers' values; elsewhere it would fill the
			// facts with every library's calls through its parameters
			// and their fields. A call of a func-valued parameter itself
			// (a callback: a retry helper's attempt, a transaction's
			// body), or of one a closure captured (a decorator's wrapped
			// func), is passed on everywhere: the caller that passes a
			// closure decides it. A func-valued field that this package
			// sets itself is resolved here (see fieldFuncs).
			if !call.IsInvoke() {
				if fns := res.fieldFuncs(call.Value); len(fns) > 0 {
					for _, fn := range fns {
						res.dispatchTo(s, call, Prov{Kind: Concrete, val: fn})
					}
					return true
				}
			}
			return false
		}
		d := &Dispatch{Args: res.argValues(call)}
		sink := "a call of " + fmt.Sprint(call.Value.Type())
		if call.IsInvoke() {
			d.Method = call.Method.Name()
			sink = shortFuncName(call.Method)
		}
		e := Effect{
			Sink: sink, InLoop: s.inLoop, Chain: []Frame{s.frame}, Dispatch: d,
			Requires: []Requirement{{Prop: Dispatches, Param: p.Param, Free: p.Free, Path: p.Path}},
		}
		e.DecidedAt, e.DecidedLoop = s.loopedAt()
		s.record(e)
		return true
	case Concrete:
		for _, alt := range p.flat() {
			res.dispatchTo(s, call, alt)
		}
		return true
	}
	return false
}

// callback reports whether p, FromParam in fn, is a func-valued parameter
// itself, or, in a closure, the variable holding a parameter of the
// function that made it (a decorator's wrapped func), or an element of a
// list of funcs passed so (a combinator that tries each reader in turn):
// not a value in a field, nor a variable of the closure's maker.
func (p Prov) callback(fn *ssa.Function) bool {
	switch {
	case len(p.Path) == 0:
		return true
	case !p.Free || p.Path[0] != captured || len(p.Path) > 2 || len(p.Path) == 2 && p.Path[1] != element:
		return false
	}
	return capturesParam(fn, p.Param)
}

// callbackMayWait reports whether a callback of this signature is one that
// may do I/O, and so wait: it takes a context or returns an error (a retry
// helper's attempt, a transaction's body, a loader's reader). A comparison
// or a visitor (`less(a, b T) bool`, `func(*Flag)`) is not followed outside
// the packages that bind reconcilers: passing those on would fill every
// library's facts for nothing.
func callbackMayWait(sig *types.Signature) bool {
	for v := range sig.Params().Variables() {
		if isContext(v.Type()) {
			return true
		}
	}
	for v := range sig.Results().Variables() {
		if types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
			return true
		}
	}
	return false
}

// capturesParam reports whether free variable i of the closure fn is a
// parameter of the function that makes it, which only that function's
// callers decide.
func capturesParam(fn *ssa.Function, i int) bool {
	maker := fn.Parent()
	if maker == nil {
		return false
	}
	for _, b := range maker.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && i < len(mc.Bindings) {
				_, ok := storedOnce(mc.Bindings[i]).(*ssa.Parameter)
				return ok
			}
		}
	}
	return false
}

// dispatchTo records a call whose callee is known: in sight, through the
// local call graph; known from facts only, by the callee's effects.
func (res *resolver) dispatchTo(s site, call *ssa.CallCommon, p Prov) {
	if mc, ok := p.val.(*ssa.MakeClosure); ok && !call.IsInvoke() {
		fn := mc.Fn.(*ssa.Function)
		if recv, method := boundMethod(mc); method != nil {
			args := bound{args: append([]ssa.Value{recv}, call.Args...), foreignRecv: p.foreign}
			if method.Pkg() == res.pass.Pkg {
				res.sites.callFunc(s, res.pkg.Prog.FuncValue(method), call, args)
			} else {
				res.sites.callExternal(s, method, call, args)
			}
			return
		}
		switch {
		case p.free != nil:
			res.sites.callFunc(s, fn, call, bound{args: call.Args, free: p.free, freeValues: true})
		case !p.foreign:
			res.sites.callFunc(s, fn, call, bound{args: call.Args, free: mc.Bindings})
		}
		return
	}
	if p.val == nil || p.resultOf > 0 {
		// Known from facts only: expand the callee's effects here.
		d := &Dispatch{Args: res.argValues(call)}
		if call.IsInvoke() {
			d.Method = call.Method.Name()
		}
		here := Effect{InLoop: s.inLoop, Chain: []Frame{s.frame}, Dispatch: d}
		here.DecidedAt, here.DecidedLoop = s.loopedAt()
		for _, e := range res.expandDispatch(here, p) {
			s.record(e)
		}
		return
	}
	args := bound{args: call.Args}
	if call.IsInvoke() {
		args.args = append([]ssa.Value{p.val}, call.Args...)
		args.foreignRecv = p.foreign
	}
	if fn, obj := res.target(p.val, call.Method); fn != nil {
		res.sites.callFunc(s, fn, call, args)
	} else if obj != nil {
		res.sites.callExternal(s, obj, call, args)
	}
}

// boundMethod matches a method value (`r.reconcileDelete`): the receiver it
// binds and the method.
func boundMethod(mc *ssa.MakeClosure) (ssa.Value, *types.Func) {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok || len(mc.Bindings) != 1 || !strings.HasPrefix(fn.Synthetic, "bound method wrapper") {
		return nil, nil
	}
	method, _ := fn.Object().(*types.Func)
	if method == nil {
		return nil, nil
	}
	return mc.Bindings[0], method.Origin()
}

// dispatching reports whether calls through interfaces and func values are
// followed to where their values are bound: in packages that use
// controller-runtime's reconcile package or client-go's workqueue
// (controllers, their helpers in the same package, the setup code), where
// reconcilers and workers keep their SDKs. In
// other packages they would only fill the facts with the calls every
// library makes through its own interfaces; see passesOn for the other
// packages of the module under review.
func (res *resolver) dispatchingUncached() bool {
	if strings.HasPrefix(model.PkgPath(res.pass.Pkg), "sigs.k8s.io/controller-runtime/") {
		return false // its adapters call the user's reconcilers, which are entries themselves
	}
	for _, obj := range res.pass.TypesInfo.Uses {
		if obj.Pkg() != nil && (model.PkgPath(obj.Pkg()) == model.ReconcilePkg || model.PkgPath(obj.Pkg()) == workqueuePkg) {
			return true // a controller-runtime controller, or a client-go one
		}
		if tn, ok := obj.(*types.TypeName); ok && isNamed(tn.Type(), model.ReconcilePkg, "Result") {
			return true
		}
	}
	return false
}

// passesOn reports whether a dispatch through a parameter's field is passed
// on to the callers: in the packages that dispatch, and, for method calls
// (invoke), in every package of the module under review (the driver gives
// it no version): its services reach their SDK clients through the scope
// objects the controllers build (`s.scope.RobotClient.GetServer(id)`, the
// scope made by `scope.NewMachineScope(scope.Params{RobotClient:
// factory.NewClient(creds)})`). The packages of dependencies do not.
func (res *resolver) passesOn(invoke bool) bool {
	return res.dispatching() || invoke && underReview(res.pass)
}

func (res *resolver) dispatching() bool {
	if res.dispatches == nil {
		d := res.dispatchingUncached()
		res.dispatches = &d
	}
	return *res.dispatches
}

// userInterface: the standard library's interfaces are the model's to
// describe, and the bounded packages' (controller-runtime's client) bounded.
func (res *resolver) userInterface(method *types.Func) bool {
	if method.Pkg() == nil {
		return false
	}
	path := model.PkgPath(method.Pkg())
	return !model.IsStd(path) && !res.table.BoundedPackage(path)
}

// userInterfaceType reports whether t is an interface that a user package
// declares (see userInterface).
func (res *resolver) userInterfaceType(t types.Type) bool { return userInterfaceType(res.table, t) }

func userInterfaceType(table *model.Table, t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || !types.IsInterface(t) || named.Obj().Pkg() == nil {
		return false
	}
	path := model.PkgPath(named.Obj().Pkg())
	return !model.IsStd(path) && !table.BoundedPackage(path)
}

// underReview reports whether the package under analysis belongs to the
// module under review, not to a dependency: the driver gives that module
// no version.
func underReview(pass *analysis.Pass) bool {
	m := pass.Module
	return m != nil && m.Path != "" && m.Version == ""
}

// scopeFields is the predicate of tracedPaths for the interface fields of
// results: in the module under review only, whose scopes carry the SDK
// clients (see dispatching); a dependency's results stay as they were.
func (u *unit) scopeFields() func(types.Type) bool {
	if !underReview(u.pass) {
		return nil
	}
	return func(t types.Type) bool { return userInterfaceType(u.table, t) }
}

// target finds the function a call of method (nil: of the func value
// itself) on val reaches: a function of this package, or one of another.
func (res *resolver) target(val ssa.Value, method *types.Func) (*ssa.Function, *types.Func) {
	var obj *types.Func
	if method == nil {
		fn, ok := val.(*ssa.Function)
		if !ok {
			return nil, nil
		}
		if local, _ := res.resolve(fn); local != nil {
			return local, nil
		}
		obj, _ = fn.Object().(*types.Func)
	} else {
		found, _, _ := types.LookupFieldOrMethod(val.Type(), true, method.Pkg(), method.Name())
		obj, _ = found.(*types.Func)
	}
	if obj == nil {
		return nil, nil
	}
	if sig, ok := obj.Type().(*types.Signature); ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		return nil, nil // a method of an interface embedded in the value: abstract
	}
	if obj.Pkg() == res.pass.Pkg {
		fn := res.pkg.Prog.FuncValue(obj)
		if fn == nil {
			return nil, nil
		}
		local, _ := res.resolve(fn)
		return local, nil
	}
	return nil, obj.Origin()
}

// argValues evaluates the context and client arguments of a call.
func (res *resolver) argValues(call *ssa.CallCommon) []ArgValue {
	offset := 0
	if call.IsInvoke() {
		offset = 1
	}
	var args []ArgValue
	for i, v := range call.Args {
		prop := HasDeadline
		switch {
		case isContext(v.Type()):
		case hasTimeoutField(v.Type()):
			prop = HasTimeout
		case res.userInterfaceType(v.Type()):
			// A client handed to the callee, which calls its methods
			// (`r.Kind.Declare(ctx, rc)`): where it comes from decides
			// what the callee's calls on it do.
			a := argValue(i+offset, Dispatches, res.values.eval(v, nil, Dispatches))
			if a.Kind != Unknown {
				args = append(args, a)
			}
			continue
		default:
			continue
		}
		args = append(args, argValue(i+offset, prop, res.values.eval(v, nil, prop)))
	}
	return args
}

func argValue(param int, prop Property, p Prov) ArgValue {
	a := ArgValue{Param: param, Prop: prop, Kind: p.Kind, Origin: p.Origin}
	switch p.Kind {
	case FromParam:
		a.From = Requirement{Prop: prop, Param: p.Param, Free: p.Free, Path: p.Path, NilFallback: p.NilFallback}
	case Lacks, Has:
	case Concrete:
		if prop != Dispatches {
			a.Kind = Unknown
			break
		}
		a.Origin = ""
		a.target = &p
	default:
		a.Kind = Unknown
	}
	return a
}

// decideArgs re-evaluates the arguments of e's dispatch that came from the
// current function's values, with what decides them.
func (e *Effect) decideArgs(decide func(r Requirement) Prov) {
	if e.Dispatch == nil {
		return
	}
	d := *e.Dispatch
	d.Args = slices.Clone(d.Args)
	for i, a := range d.Args {
		if a.Kind == FromParam {
			d.Args[i] = argValue(a.Param, a.Prop, decide(a.From))
		}
	}
	e.Dispatch = &d
}

// expandDispatch replaces a dispatch whose callee is now known, target, by
// the effects of the function it calls, each with the chain so far in front.
func (res *resolver) expandDispatch(e Effect, target Prov) []Effect {
	var out []Effect
	for _, d := range res.calleeEffects(target, e.Dispatch.Method) {
		ne, ok := res.bindDispatched(e, d)
		switch {
		case !ok:
		case ne.Dispatch != d.effect.Dispatch && d.effect.Dispatch != nil:
			// The callee calls a method of an argument whose value this
			// call's caller decided.
			if a, ok := dispatchArg(e.Dispatch, d.effect.Requires); ok && a.target != nil {
				out = append(out, res.expandArgDispatch(ne, *a.target)...)
			} else {
				out = append(out, ne)
			}
		default:
			out = append(out, ne)
		}
	}
	return out
}

// maxArgDepth bounds values passed to a dispatched callee that calls their
// methods, whose own callees are given values in turn.
const maxArgDepth = 3

// argDispatch reports whether e, an effect of a callee (method: a method,
// whose parameter 0 is its receiver), is a call through one of the
// callee's arguments (`client.DeleteQueue(...)` in a per-kind reconciler
// given the client): the caller of the callee decides it with what it
// passes (Dispatch.Args of Prop Dispatches).
func argDispatch(e Effect, method bool) bool {
	if e.Dispatch == nil || len(e.Requires) != 1 {
		return false
	}
	r := e.Requires[0]
	return r.Prop == Dispatches && !r.Free && len(r.Path) == 0 && !r.Ctor && (r.Param > 0 || !method)
}

// dispatchArg finds, for a callee's dispatch through one of its arguments,
// what the call d recorded of that argument.
func dispatchArg(d *Dispatch, reqs []Requirement) (ArgValue, bool) {
	if d == nil {
		return ArgValue{}, false
	}
	for _, r := range reqs {
		if r.Prop != Dispatches || r.Free || len(r.Path) > 0 {
			continue
		}
		for _, a := range d.Args {
			if a.Param == r.Param && a.Prop == Dispatches {
				return a, true
			}
		}
	}
	return ArgValue{}, false
}

// passArgs returns the callee's dispatch inner with its arguments that are
// the callee's parameters replaced by what the call outer passed.
func passArgs(inner, outer *Dispatch) *Dispatch {
	d := *inner
	d.Args = slices.Clone(inner.Args)
	for i, a := range d.Args {
		if a.Kind != FromParam {
			continue
		}
		k := -1
		if !a.From.Free && len(a.From.Path) == 0 {
			k = slices.IndexFunc(outer.Args, func(o ArgValue) bool { return o.Param == a.From.Param && o.Prop == a.Prop })
		}
		if k < 0 {
			d.Args[i] = ArgValue{Param: a.Param, Prop: a.Prop, Kind: Unknown}
			continue
		}
		o := outer.Args[k]
		o.Param = a.Param
		d.Args[i] = o
	}
	d.Args = slices.DeleteFunc(d.Args, func(a ArgValue) bool { return a.Kind == Unknown && a.Prop == Dispatches })
	return &d
}

// expandArgDispatch expands ne, a dispatch through a value its caller
// decided (target), by the effects of the method it calls on that value.
func (res *resolver) expandArgDispatch(ne Effect, target Prov) []Effect {
	if res.argDepth >= maxArgDepth {
		return nil
	}
	res.argDepth++
	defer func() { res.argDepth-- }()
	kept := ne.Requires
	ne.Requires = nil
	var out []Effect
	for _, x := range res.expandDispatch(ne, target) {
		x.Requires = append(slices.Clone(kept), x.Requires...)
		out = append(out, x.capped())
	}
	return out
}

// dispatched is an effect of a dispatch's callee: its requirements on the
// receiver decided, into own (requirements on the current function's
// values); the rest of its requirements are on the callee's arguments.
type dispatched struct {
	effect Effect
	own    []Requirement
	// leaves: the callee is outside the analyzed module, so the call
	// that dispatches to it is where the chain leaves the module.
	leaves bool
}

// calleeEffects returns the effects of calling method (a func value's own
// call when "") on target.
func (res *resolver) calleeEffects(target Prov, method string) []dispatched {
	return res.methodEffects(target, method, false)
}

// methodEffects is calleeEffects; with keepDispatch, the dispatches inside
// a method of this package are kept, their receiver decided (for
// ResultMethods, whose importers decide them with the constructor's
// arguments).
func (res *resolver) methodEffects(target Prov, method string, keepDispatch bool) []dispatched {
	var out []dispatched
	switch {
	case target.impls != nil:
		for _, e := range target.impls {
			out = append(out, dispatched{effect: e})
		}
		return out
	case len(target.alts) > 0:
		for _, alt := range target.alts {
			out = append(out, res.methodEffects(alt, method, keepDispatch)...)
		}
		return out
	case target.val == nil && target.external == nil:
		return nil
	case target.resultOf > 0:
		obj := target.external
		if fn, ok := target.val.(*ssa.Function); ok && obj == nil {
			if _, external := res.resolve(fn); external != nil {
				obj = external
			}
		}
		var summary Summary
		if obj == nil || !res.pass.ImportObjectFact(obj, &summary) {
			return nil
		}
		for _, rm := range summary.ResultMethods {
			if !slices.Equal(rm.Path, target.field) {
				continue
			}
			if target.via != "" {
				// A factory's product: the method called on what the
				// factory's method returned.
				name, i, _ := parseMethodResult(target.via)
				if rm.Result != target.resultOf-1 || rm.Method != name {
					continue
				}
				for _, product := range rm.Returns {
					if product.Result == i && product.Method == method {
						for _, e := range product.Effects {
							out = append(out, dispatched{effect: e.stripPositions()})
						}
					}
				}
				continue
			}
			if rm.Result == target.resultOf-1 && rm.Method == method {
				for _, e := range rm.Effects {
					out = append(out, res.constructed(e.stripPositions(), target.args)...)
				}
			}
		}
		return out
	case target.external != nil:
		if method != "" {
			return nil
		}
		return res.importedEffects(target.external)
	}
	if mc, ok := target.val.(*ssa.MakeClosure); ok && method == "" {
		return res.closureEffects(mc, target)
	}
	val := target.val
	var m *types.Func
	if method != "" {
		found, _, _ := types.LookupFieldOrMethod(val.Type(), true, nil, method)
		if found == nil {
			// An unexported method: look it up in its own package.
			if named := namedOf(val.Type()); named != nil {
				found, _, _ = types.LookupFieldOrMethod(val.Type(), true, named.Obj().Pkg(), method)
			}
		}
		m, _ = found.(*types.Func)
		if m == nil {
			return nil
		}
	}
	var effects []dispatched
	local, external := res.target(val, m)
	switch {
	case local != nil:
		if fi := res.byFunc[local]; fi != nil {
			for _, e := range fi.summary.sorted() {
				effects = append(effects, dispatched{effect: e})
			}
		}
	case external != nil:
		effects = res.importedEffects(external)
	}
	for _, d := range effects {
		if d.effect.Dispatch != nil && !keepDispatch && !argDispatch(d.effect, m != nil) {
			continue // a dispatch inside the implementation: see constructed
		}
		if m == nil {
			out = append(out, d)
			continue
		}
		decided, ok := res.decideReceiver(d.effect, target)
		if keepDispatch && local != nil && (!ok || decided.effect.Dispatch != nil && !slices.ContainsFunc(decided.own, func(r Requirement) bool { return r.Prop == Dispatches && !r.Free })) {
			// A dispatch that no argument of the constructor decides,
			// which ResultMethods would drop: expand it here when the
			// receiver's field holds a value known here.
			if expanded, ok := res.receiverDispatch(d.effect, target); ok {
				out = append(out, expanded...)
				continue
			}
		}
		if ok {
			decided.leaves = d.leaves
			out = append(out, decided)
		}
	}
	return out
}

// receiverDispatch expands e, a method's call through a field of its
// receiver (`c.client.ServerGet(id)` in the wrapper a factory returns),
// when target, the receiver, is a value this package built and the field
// holds a value whose concrete type is known here (the SDK client the
// factory made): the wrapper's method does what the SDK client's does.
// The effects it expands to have their receiver decided too.
func (res *resolver) receiverDispatch(e Effect, target Prov) ([]dispatched, bool) {
	if e.Dispatch == nil || target.val == nil || target.foreign || res.constructedDepth >= maxConstructedDepth {
		return nil, false
	}
	k := slices.IndexFunc(e.Requires, func(r Requirement) bool {
		return r.Prop == Dispatches && !r.Free && !r.Ctor && r.Param == 0 && len(r.Path) > 0
	})
	if k < 0 {
		return nil, false
	}
	held := res.values.eval(target.val, e.Requires[k].Path, Dispatches)
	if held.Kind != Concrete {
		return nil, false
	}
	rest := e
	rest.Requires = slices.Delete(slices.Clone(e.Requires), k, k+1)
	res.constructedDepth++
	defer func() { res.constructedDepth-- }()
	var out []dispatched
	for _, ne := range res.expandDispatch(rest, held) {
		if decided, ok := res.decideReceiver(ne, target); ok {
			out = append(out, decided)
		}
	}
	return out, true
}

// maxConstructedDepth bounds constructors given values that constructors
// made, each dispatching to the next.
const maxConstructedDepth = 4

// constructed decides, with the arguments a constructor of another package
// was called with, what its result's method effect e depends on: a
// dispatch inside the method to an implementation the constructor was
// given (a generic reconciler's wrapped finalizer) becomes that
// implementation's effects; other requirements on the arguments become the
// current function's own. Without the arguments (or past the depth bound)
// only what depends on none stays.
func (res *resolver) constructed(e Effect, args []ssa.Value) []dispatched {
	var ctor, rest []Requirement
	for _, r := range e.Requires {
		if r.Ctor {
			r.Ctor = false
			ctor = append(ctor, r)
		} else {
			rest = append(rest, r)
		}
	}
	if len(ctor) == 0 && e.Dispatch == nil {
		return []dispatched{{effect: e}}
	}
	if args == nil || res.constructedDepth >= maxConstructedDepth {
		return nil
	}
	e.Requires = rest
	own := Effect{Notes: slices.Clip(e.Notes)}
	var target *Prov
	for _, r := range ctor {
		p := res.values.evalBound(bound{args: args}, r)
		if r.Prop == Dispatches {
			if p.Kind != Concrete {
				return nil
			}
			target = &p
			continue
		}
		if !res.require(&own, p, r.Prop) {
			return nil
		}
	}
	e.Notes = own.Notes
	if e.Dispatch == nil {
		return []dispatched{{effect: e, own: own.Requires}}
	}
	if target == nil {
		return nil
	}
	res.constructedDepth++
	defer func() { res.constructedDepth-- }()
	var out []dispatched
	for _, d := range res.calleeEffects(*target, e.Dispatch.Method) {
		// d.own is on the current function's values, bindDispatched's
		// requirements on the method's arguments: keep them apart.
		inner := dispatched{effect: d.effect}
		if ne, ok := res.bindDispatched(e, inner); ok {
			out = append(out, dispatched{effect: ne, own: slices.Concat(own.Requires, d.own)})
		}
	}
	return out
}

// closureEffects returns the effects of calling a closure: a method value's
// method, its receiver the bound value, or a func literal, its free
// variables the captured ones. The requirements left are on the call's
// arguments, numbered as the func value's parameters.
func (res *resolver) closureEffects(mc *ssa.MakeClosure, target Prov) []dispatched {
	free := bound{free: mc.Bindings}
	foreign := target.foreign
	if target.free != nil {
		free, foreign = bound{free: target.free, freeValues: true}, false
	}
	if recv, method := boundMethod(mc); method != nil {
		if target.free != nil {
			recv = target.free[0]
		}
		ds := res.calleeEffects(Prov{Kind: Concrete, val: recv, foreign: foreign}, method.Name())
		// A call through an argument: its Dispatch numbers the
		// parameters with the receiver; not followed here.
		ds = slices.DeleteFunc(ds, func(d dispatched) bool { return argDispatch(d.effect, true) })
		for i := range ds {
			reqs := slices.Clone(ds[i].effect.Requires)
			for k := range reqs {
				reqs[k].Param-- // the receiver is bound: the call's arguments come after it
			}
			ds[i].effect.Requires = reqs
		}
		return ds
	}
	fn, _ := mc.Fn.(*ssa.Function)
	fi := res.byFunc[fn]
	if fi == nil || foreign {
		return nil
	}
	var out []dispatched
	for _, e := range fi.summary.sorted() {
		if e.Dispatch != nil {
			out = append(out, res.closureDispatch(e, free)...)
			continue
		}
		if d, ok := res.decideFree(e, free); ok {
			out = append(out, d)
		}
	}
	return out
}

// maxClosureDepth bounds closures that call what they capture, which call
// closures in turn.
const maxClosureDepth = 4

// closureDispatch expands a dispatch inside a closure through a value it
// captured (a decorator calling the phase it wraps), decided with what the
// closure captured.
func (res *resolver) closureDispatch(e Effect, free bound) []dispatched {
	if len(e.Requires) != 1 || !e.Requires[0].Free || res.closureDepth >= maxClosureDepth {
		return nil
	}
	p := res.values.evalBound(free, e.Requires[0])
	if p.Kind != Concrete {
		return nil
	}
	res.closureDepth++
	defer func() { res.closureDepth-- }()
	var out []dispatched
	for _, d := range res.calleeEffects(p, e.Dispatch.Method) {
		ne, ok := res.bindDispatched(e, dispatched{effect: d.effect})
		if !ok {
			continue
		}
		if nd, ok := res.decideFree(ne, free); ok {
			nd.own = append(nd.own, d.own...)
			out = append(out, nd)
		}
	}
	return out
}

// decideFree decides the requirements of a closure's effect on its free
// variables with what it captured.
func (res *resolver) decideFree(e Effect, free bound) (dispatched, bool) {
	d := dispatched{effect: e}
	d.effect.Requires = nil
	for _, r := range e.Requires {
		if !r.Free {
			d.effect.Requires = append(d.effect.Requires, r)
			continue
		}
		own := Effect{}
		if !res.require(&own, res.values.evalBound(free, r), r.Prop) {
			return d, false
		}
		d.own = append(d.own, own.Requires...)
		d.effect.Notes = append(slices.Clip(d.effect.Notes), own.Notes...)
	}
	return d, true
}

// importedEffects reads the effects of a function (or of the function a
// variable holds) of another package from its fact.
func (res *resolver) importedEffects(obj types.Object) []dispatched {
	var summary Summary
	if !res.pass.ImportObjectFact(obj, &summary) {
		return nil
	}
	var out []dispatched
	for _, e := range summary.Effects {
		if e, ok := res.expand(obj.Pkg(), e.stripPositions()); ok {
			out = append(out, dispatched{effect: e, leaves: !res.inModule(obj.Pkg())})
		}
	}
	return out
}

// decideReceiver decides the requirements of a method's effect on its
// receiver with the concrete value target holds.
func (res *resolver) decideReceiver(ce Effect, target Prov) (dispatched, bool) {
	d := dispatched{effect: ce}
	d.effect.Requires = nil
	d.effect.Notes = slices.Clip(ce.Notes)
	for _, r := range ce.Requires {
		if r.Free || r.Param != 0 {
			d.effect.Requires = append(d.effect.Requires, r)
			continue
		}
		p := res.values.eval(target.val, r.Path, r.Prop)
		if p.Kind == FromParam && target.foreign {
			p = Prov{Kind: Unknown}
		}
		if p.Kind == Nil && r.NilFallback != "" {
			p = Prov{Kind: Lacks, Origin: r.NilFallback}
		}
		// require adds a requirement on the current function's values:
		// keep it apart from the callee's.
		own := d.effect
		own.Requires = nil
		if !res.require(&own, p, r.Prop) {
			return d, false
		}
		d.own = append(d.own, own.Requires...)
		d.effect.Notes, d.effect.Unproven, d.effect.fixAt, d.effect.made = own.Notes, own.Unproven, own.fixAt, own.made
	}
	return d, true
}

// bindDispatched decides the requirements of d, an effect of the function e
// dispatches to, on the callee's arguments with what e recorded of them.
func (res *resolver) bindDispatched(e Effect, d dispatched) (Effect, bool) {
	ce := d.effect
	ne := ce
	ne.Chain = append(slices.Clone(e.Chain), ce.Chain...)
	if d.leaves && len(e.Chain) > 0 && !slices.ContainsFunc(e.Chain, func(f Frame) bool { return f.Exit }) {
		ne.Chain[len(e.Chain)-1].Exit = true
	}
	ne.Elided += e.Elided
	ne.ExitElided = ne.ExitElided || e.ExitElided
	if e.DecidedAt != "" { // the caller's loop is the outer one
		ne.DecidedAt, ne.DecidedLoop = e.DecidedAt, e.DecidedLoop
	}
	ne.Chosen = ne.Chosen || e.Chosen
	ne.InLoop = ne.InLoop || e.InLoop && ne.repeatable() // as a direct call's (see prefixed)
	ne.Notes = slices.Clip(ne.Notes)
	ne.Requires = slices.Clone(d.own)
	if ne.DeadlineFrom != nil && ne.DeadlineOnly {
		return ne, false // decided by the callee's ctx, which this call does not track
	}
	ne.DeadlineFrom = nil // a parameter of the callee: the wait keeps no limit
	for _, r := range ce.Requires {
		if r.Free {
			return ne, false
		}
		if r.Prop == Dispatches && ce.Dispatch != nil {
			// A call through one of the callee's arguments: passed on
			// to where the argument comes from, or expanded by the
			// caller with the value it holds (expandDispatch).
			a, ok := dispatchArg(e.Dispatch, []Requirement{r})
			switch {
			case !ok:
				return ne, false
			case a.Kind == FromParam:
				ne.Requires = append(ne.Requires, a.From)
			case a.target == nil:
				return ne, false
			}
			ne.Dispatch = passArgs(ce.Dispatch, e.Dispatch)
			continue
		}
		i := slices.IndexFunc(e.Dispatch.Args, func(a ArgValue) bool { return a.Param == r.Param && a.Prop == r.Prop })
		if i < 0 || len(r.Path) > 0 {
			if !res.require(&ne, Prov{Kind: Unknown}, r.Prop) {
				return ne, false
			}
			continue
		}
		a := e.Dispatch.Args[i]
		p := Prov{Kind: a.Kind, Origin: a.Origin, Param: a.From.Param, Free: a.From.Free, Path: a.From.Path, NilFallback: a.From.NilFallback}
		if !res.require(&ne, p, r.Prop) {
			return ne, false
		}
	}
	return ne.capped(), true
}

func namedOf(t types.Type) *types.Named {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	return named
}
