package blocking

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"

	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// walker computes the summaries of one package: it scans each function
// (scan) and solves the summaries over the call graph (solve, in solve.go).
// It asks where a call goes of the resolver and where a value comes from of
// the origins, through the interfaces below.
type walker struct {
	*unit
	calls  callResolver // where a call through an interface or a func value goes
	values valueOrigins // where a value comes from

	// converted holds functions converted to reconcile.Func or TypedFunc.
	converted map[*ssa.Function]bool
	// workerHandlers holds the functions client-go style workers run per
	// item (see findWorkerHandlers).
	workerHandlers map[*ssa.Function]bool

	reconciliationTimeout *bool                      // memo of reconcileDeadline
	paramNeeds            map[*ssa.Function][]Effect // see bindings
	importedNeeds         map[*types.Func][]Effect   // memo of calleeNeeds
	elsewhere             *moduleFiles               // see posElsewhere
	elsewhereMu           sync.Mutex                 // guards elsewhere

	// setterNeedsOf holds the needs of setters of package variables, for
	// the other packages that call them (see setterNeeds).
	setterNeedsOf map[*ssa.Function][]Effect

	// staticCalls and usedAsValue memoize callersOf.
	staticCalls map[*ssa.Function][]*ssa.CallCommon
	usedAsValue map[types.Object]bool
	invoked     []string // the methods the package calls through interfaces

	// options, setElsewhere and guardsUsed are the option fields of the
	// package, the fields its other code sets and the options that guard
	// some code (see options.go).
	options      map[string][]string
	setElsewhere map[string]bool
	guardsUsed   map[string]bool
	regionsMemo  map[*ssa.Function][][]string // see optionRegions
}

// callResolver is what the walk and the origins ask of call resolution
// (resolver, in resolve_*.go).
type callResolver interface {
	// dispatch records at s a call through a func value or a user
	// interface, resolved here or passed on as a requirement; false when
	// neither is known.
	dispatch(s site, call *ssa.CallCommon) bool
	// expandDispatch replaces a dispatch whose callee is now known, target,
	// by the effects of the function it calls.
	expandDispatch(e Effect, target Prov) []Effect
	// implementations lists the methods an interface call may run.
	implementations(call *ssa.CallCommon) []*types.Func
	// dispatchTo records a call whose callee p says.
	dispatchTo(s site, call *ssa.CallCommon, p Prov)
	// target finds the function a call of method (nil: of the func value
	// itself) on val reaches.
	target(val ssa.Value, method *types.Func) (*ssa.Function, *types.Func)
	// resultMethodsOf lists, for each result of interface type of fn, the
	// effects of each method of the concrete value fn returns there.
	resultMethodsOf(fn *ssa.Function) []ResultMethod
	// convertedTypes lists the concrete types that the package's code
	// converts to an interface.
	convertedTypes() []types.Type
	// dispatching reports whether calls through the fields of parameters
	// are passed on to the callers (packages that bind reconcilers).
	dispatching() bool
	// passesOn: dispatching, or, for method calls, a package of the
	// module under review.
	passesOn(invoke bool) bool
	// implementedBy is what method does on the concrete types the
	// module's packages convert to the interface type t.
	implementedBy(t types.Type, method string) []Effect
	// implementedAny: some method of result i of a call of type t has
	// implementations in sight (implementedBy).
	implementedAny(t types.Type, i int) bool
}

// valueOrigins is what the walk and call resolution ask of value provenance
// (origins, in origin_*.go).
type valueOrigins interface {
	// eval says where the value at path below v comes from, as far as prop
	// is concerned.
	eval(v ssa.Value, path []string, prop Property) Prov
	// evalBound says where the caller's value for r comes from.
	evalBound(args bound, r Requirement) Prov
	// constant is the constant a value is, directly or through a package
	// variable that only one constant is stored into; else nil.
	constant(v ssa.Value) *ssa.Const
	// resultValues is what a function of this package returns, along the
	// paths that lead to a client or a context.
	resultValues(fn *ssa.Function) []ResultValue
	// resultConcrete is the concrete value a function of this package
	// returns as result i.
	resultConcrete(fn *ssa.Function, i int) Prov
	// resultConcreteAt is the concrete value of the interface field at
	// path below result i.
	resultConcreteAt(fn *ssa.Function, i int, path []string) Prov
	// methodResults is what the method called name of p, a concrete value
	// a function of this package returns, returns (ResultMethod.Results).
	methodResults(p Prov, name string) []ResultValue
	// exportedSets is what the fact of fn says it sets.
	exportedSets(fn *ssa.Function) []FieldSet
	// storedFunc is the one function the package stores into g, if any.
	storedFunc(g *ssa.Global) *ssa.Function
	// setterParams lists the parameters of exported functions of the
	// package that are stored into g (see origin_setters.go).
	setterParams(g *ssa.Global) []*ssa.Parameter
}

// siteRecorder is what call resolution asks of the walk: record, at a call
// site, the call a dispatch resolved to.
type siteRecorder interface {
	// callFunc records a call from s to fn, in this package or another.
	callFunc(s site, fn *ssa.Function, call *ssa.CallCommon, args bound)
	// callExternal records a call from s to fn of another package, as its
	// fact or the model says.
	callExternal(s site, fn *types.Func, call *ssa.CallCommon, args bound)
}

// funcInfo is what the walker knows of one function of the package.
type funcInfo struct {
	fn    *ssa.Function
	name  string
	base  effectSet   // sinks in the body and effects of calls out of the package
	calls []localCall // calls to functions of this package
	// callbacks are effects of calls out of the package that call back
	// into a func value the call passes (see callExternal): decided in
	// solve, once the summaries of this package's functions are known.
	callbacks []localCall
	// summary is base plus the effects of calls, once solve has run.
	summary effectSet
}

// localCall is a call to a function of the same package, or, in a
// funcInfo's callbacks, the effects of a call out of it that dispatch.
type localCall struct {
	callee  *ssa.Function
	effects []Effect // for callbacks: the callee's effects, in place of callee's summary
	frame   Frame
	inLoop  bool
	times   repeat   // the loops around the call, when they have a limit
	onlyIf  []string // the option fields that must be set for the call to run
	args    bound
	guard   *Wait // see site
	guessed bool  // see site
}

// site is where a call or a receive happens.
type site struct {
	fi     *funcInfo
	frame  Frame
	inLoop bool   // repeats without a known bound
	times  repeat // how often it repeats when the loops around it have a limit
	// onlyIf lists the option fields of this library that must be set for
	// the site to run (see options.go).
	onlyIf []string
	// guard, for the goroutines a select waits for, is the timer of the
	// same select, which ends the wait when they take longer.
	guard *Wait
	// unlessDeadline, for the timers of a poll that a caller's ctx ends,
	// names that ctx: they wait on every turn only where it has no
	// deadline (see Effect.UnlessDeadline).
	unlessDeadline *Requirement
	// guessed: the call is one of several implementations that a
	// dependency's interface call may run (see scanCall): what it does is
	// a guess, shown only under -strict.
	guessed bool
}

func newWalker(pass *analysis.Pass, files []*ast.File, pkg *ssa.Package, table *model.Table) *walker {
	u := &unit{
		module:  modulePath(pass),
		pass:    pass,
		files:   files,
		pkg:     pkg,
		table:   table,
		ignored: findIgnored(pass.Fset, pass.Files),
		byFunc:  make(map[*ssa.Function]*funcInfo),
	}
	w := &walker{
		unit:           u,
		converted:      make(map[*ssa.Function]bool),
		workerHandlers: make(map[*ssa.Function]bool),
		paramNeeds:     make(map[*ssa.Function][]Effect),
		setterNeedsOf:  make(map[*ssa.Function][]Effect),
		guardsUsed:     make(map[string]bool),
		regionsMemo:    make(map[*ssa.Function][][]string),
		importedNeeds:  make(map[*types.Func][]Effect),
	}
	res := &resolver{unit: u}
	o := &origins{
		unit:        u,
		provs:       make(map[provKey]Prov),
		provisional: make(map[int][]provKey),
		results:     make(map[*ssa.Function][]ResultValue),
		concrete:    make(map[resultKey]Prov),
	}
	w.calls, w.values = res, o
	res.sites, res.values = w, o
	o.calls = res
	for _, fn := range sourceFuncs(pass, files, pkg) {
		fi := &funcInfo{fn: fn, name: displayName(fn), base: effectSet{}}
		w.funcs = append(w.funcs, fi)
		w.byFunc[fn] = fi
	}
	return w
}

// sourceFuncs lists the functions declared in the package and their
// closures, in source order.
func sourceFuncs(pass *analysis.Pass, files []*ast.File, pkg *ssa.Package) []*ssa.Function {
	var funcs []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		funcs = append(funcs, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	// Package initializers hold the func literals of package-level variables.
	if init := pkg.Func("init"); init != nil {
		add(init)
	}
	for _, file := range files {
		for _, decl := range file.Decls {
			if obj, ok := pass.TypesInfo.Defs[declName(decl)].(*types.Func); ok {
				if fn := pkg.Prog.FuncValue(obj); fn != nil {
					add(fn)
				}
			}
		}
	}
	return funcs
}

func (fi *funcInfo) object() *types.Func {
	obj, _ := fi.fn.Object().(*types.Func)
	return obj
}

func (w *walker) scanAll() {
	for _, fi := range w.funcs {
		w.guard(fi.name, fi.fn.Pos(), func() { w.scan(fi) })
	}
	w.guard("the workers of "+w.pass.Pkg.Path(), w.files[0].Package, w.findWorkerHandlers)
}

// scan records the sinks, the calls out of the package and the local calls
// of one function body.
func (w *walker) scan(fi *funcInfo) {
	loops, loopStmts := loopBlocks(fi.fn), loopsOf(fi.fn)
	regions := w.optionRegions(fi.fn)
	deadlines := w.deadlineSelects(loopStmts)
	for _, b := range fi.fn.Blocks {
		for _, instr := range b.Instrs {
			at := func(pos token.Pos) site {
				r := repeat{times: 1}
				if loops[b.Index] {
					r = w.repeatAt(fi.fn, loopStmts, pos)
				}
				s := site{fi: fi, frame: w.frame(fi, pos), inLoop: r.unbounded, times: r}
				if regions != nil {
					s.onlyIf = regions[b.Index]
				}
				return s
			}
			switch instr := instr.(type) {
			case *ssa.Go:
				// A goroutine does not hold the caller's worker.
			case ssa.CallInstruction:
				if !w.ignored.at(w.pass.Fset, instr.Pos()) {
					w.scanCall(at(instr.Pos()), instr.Common())
				}
			case *ssa.UnOp:
				if instr.Op == token.ARROW && !w.ignored.at(w.pass.Fset, instr.Pos()) {
					w.scanReceive(at(instr.Pos()), instr.X)
				}
			case *ssa.Select:
				if d, ok := deadlines[instr.Pos()]; ok && d.ctx && !w.ignored.at(w.pass.Fset, instr.Pos()) {
					w.scanCtxDeadline(at(instr.Pos()), instr, d, w.repeatAround(fi.fn, loopStmts, d.loop, instr.Pos()))
				} else if ok && d.state >= 0 && !w.ignored.at(w.pass.Fset, instr.Pos()) {
					w.scanDeadline(at(instr.Pos()), instr, d.state)
				} else if instr.Blocking && !w.ignored.at(w.pass.Fset, instr.Pos()) {
					w.scanSelect(at(instr.Pos()), instr)
				}
			case *ssa.ChangeType:
				w.noteConversion(instr.X, instr.Type())
			case *ssa.Convert:
				w.noteConversion(instr.X, instr.Type())
			}
		}
	}
}

func (w *walker) scanCall(s site, call *ssa.CallCommon) {
	args := bound{args: callArgs(*call)}
	if isGroupMethod(*call, "Wait") {
		w.awaitGroup(s, call.Args[0])
		return
	}
	if call.IsInvoke() {
		if entry := w.table.Lookup(call.Method); entry != nil {
			w.modelled(s, entry, call)
			return
		}
		if w.calls.dispatch(s, call) {
			return
		}
		impls := w.calls.implementations(call)
		if len(impls) > 1 && w.inDependency() {
			// A dependency converts several types to its interface (a
			// credentials provider: static keys, an STS exchange, a
			// metadata lookup); which one the program hands it is decided
			// by code the dependency cannot see, and most of them are
			// never built. Their calls are a guess: -strict shows them.
			if !strict {
				return
			}
			s.guessed = true
		}
		for _, impl := range impls {
			if impl.Pkg() == w.pass.Pkg {
				w.callFunc(s, w.pkg.Prog.FuncValue(impl), call, args)
			} else {
				w.callExternal(s, impl, call, args)
			}
		}
		if len(impls) == 0 {
			if effects := w.calls.implementedBy(call.Value.Type(), call.Method.Name()); effects != nil {
				w.calls.dispatchTo(s, call, Prov{Kind: Concrete, impls: effects})
			}
		}
		return
	}
	if callee := call.StaticCallee(); callee != nil {
		if mc, ok := call.Value.(*ssa.MakeClosure); ok {
			args.free = mc.Bindings
		}
		w.callFunc(s, callee, call, args)
		return
	}
	// A func value: decided where it is bound, else unresolved (see the README).
	w.calls.dispatch(s, call)
}

// bound holds the caller's values for the callee's parameters (receiver
// first) and free variables, where the call site shows them.
type bound struct {
	args, free []ssa.Value
	// foreignRecv: args[0] is a value a callee returned (see Prov.foreign).
	foreignRecv bool
	// freeValues: free holds the values of the captured variables, not
	// the variables (see closureOfCall).
	freeValues bool
	// recv, where a field need is decided, is the reconciler the field
	// belongs to (recvArg).
	recv ssa.Value
}

func (b bound) value(r Requirement) ssa.Value {
	if r.Param == recvArg && !r.Free {
		return b.recv
	}
	vals := b.args
	if r.Free {
		vals = b.free
	}
	if r.Param < 0 || r.Param >= len(vals) {
		return nil
	}
	return vals[r.Param]
}

// callFunc records a call from s to fn, in this package or another.
func (w *walker) callFunc(s site, fn *ssa.Function, call *ssa.CallCommon, args bound) {
	if fn == nil {
		return // no SSA function: an abstract method, say
	}
	local, external := w.resolve(fn)
	if local != nil && w.table != model.Default {
		// The user's entries may name functions of this package too.
		if obj, ok := local.Object().(*types.Func); ok {
			if entry := w.table.Lookup(obj); entry != nil {
				w.modelled(s, entry, call)
				return
			}
		}
	}
	switch {
	case local != nil:
		s.fi.calls = append(s.fi.calls, localCall{callee: local, frame: s.frame, inLoop: s.inLoop, times: s.times, onlyIf: s.onlyIf, args: args, guard: s.guard, guessed: s.guessed})
	case external != nil:
		w.callExternal(s, external, call, args)
	}
}

func (w *walker) callExternal(s site, fn *types.Func, call *ssa.CallCommon, args bound) {
	if entry := w.table.Lookup(fn); entry != nil {
		w.modelled(s, entry, call)
		return
	}
	if model.IsStd(model.PkgPath(fn.Pkg())) {
		return // what the standard library does is the model's to say
	}
	var summary Summary
	if !w.pass.ImportObjectFact(fn, &summary) {
		return
	}
	caller := s
	if !w.inModule(fn.Pkg()) {
		caller.frame = s.exit()
	}
	var callbacks []Effect
	for _, e := range summary.Effects {
		e, ok := w.expand(fn.Pkg(), e.stripPositions())
		if !ok {
			continue
		}
		if e.Dispatch != nil {
			// The callee calls a func value the caller gives it (a retry
			// helper's attempt): that may be a closure of this package,
			// whose summary solve has yet to compute.
			callbacks = append(callbacks, e)
			continue
		}
		for _, e := range w.decide(e, args) {
			s.record(e.guarded(s.guard).prefixed(caller.frame, s.inLoop).repeated(s.times))
		}
	}
	if len(callbacks) > 0 {
		s.fi.callbacks = append(s.fi.callbacks, localCall{effects: callbacks, frame: caller.frame, inLoop: s.inLoop, times: s.times, onlyIf: s.onlyIf, args: args, guard: s.guard})
	}
}

// record adds e, an effect of the site, to its function's summary.
func (s site) record(e Effect) {
	if s.unlessDeadline != nil && e.DeadlineFrom == nil {
		e.UnlessDeadline, e.DeadlineFrom = true, s.unlessDeadline
	}
	if s.guessed {
		e.Unproven = true
	}
	s.fi.base.add(e.enabledBy(s.onlyIf))
}

// inDependency reports whether the package under analysis belongs to a
// dependency of the module being checked (a module with a version).
func (w *walker) inDependency() bool {
	m := w.pass.Module
	return m != nil && m.Version != ""
}

// loopedAt is the site's position and that of the loop statement around
// it when a loop of its function repeats it (see Effect.DecidedAt and
// DecidedLoop), else "".
func (s site) loopedAt() (at, loop string) {
	if s.times.looped {
		return s.frame.Pos, s.times.loop
	}
	return "", ""
}

// exit is the site's frame marked as a call out of the analyzed module.
func (s site) exit() Frame {
	f := s.frame
	f.Exit = true
	return f
}

// decide resolves the requirements of a callee's effect with the caller's
// values: none when the effect cannot happen through this call, several
// when a dispatch resolves to a function that reaches several sinks.
func (w *walker) decide(e Effect, args bound) []Effect {
	// The caller may know how long, and how many times, the callee waits.
	open := e.Wait.From > 0 || e.Wait.TimesFrom > 0 || e.Wait.everyFrom > 0
	e.Wait = e.Wait.fromCaller(func(from int) ssa.Value { return w.constantOr(args.value(Requirement{Param: from - 1})) })
	if open && e.Wait.From == 0 && e.Wait.TimesFrom == 0 && e.Wait.everyFrom == 0 {
		// A wait whose length its parameters left open: this call chose
		// it, so the calls of a poll helper are distinct waits, kept
		// apart in the summary and printed as one finding's places.
		e.choseHere = true
	}
	d, target, ok := w.decideOne(e, args)
	switch {
	case !ok:
		return nil
	case target != nil:
		return w.calls.expandDispatch(d, *target)
	}
	return []Effect{d}
}

// decideOne is decide before a dispatch is expanded: it returns the
// dispatch's concrete value when the caller knows it.
func (w *walker) decideOne(e Effect, args bound) (Effect, *Prov, bool) {
	e.decideArgs(func(r Requirement) Prov { return w.values.evalBound(args, r) })
	if e.DeadlineFrom != nil {
		only := e.DeadlineOnly
		if !w.boundByDeadline(&e, w.values.evalBound(args, *e.DeadlineFrom)) {
			return e, nil, false
		}
		e.boundHere = only && !e.DeadlineOnly // this call chose the deadline
		// A ctx of this call's making bounds the wait: the call chose how
		// long it lasts (see Finding.waitSite).
		e.Chosen = e.Chosen || e.DeadlineFrom == nil
	}
	if len(e.Requires) == 0 {
		return e, nil, true
	}
	var target *Prov
	reqs := e.Requires
	e.Requires = nil
	e.Notes = slices.Clip(e.Notes)
	for _, r := range reqs {
		p := w.values.evalBound(args, r)
		if r.Prop == Dispatches {
			switch p.Kind {
			case FromParam:
				if len(p.Path) > 0 && !w.calls.passesOn(e.Dispatch != nil && e.Dispatch.Method != "") {
					// A func value in a field of a parameter: for the
					// packages that bind reconcilers' values only (see
					// resolver.dispatch).
					return e, nil, false
				}
				e.Requires = append(e.Requires, Requirement{Prop: r.Prop, Param: p.Param, Free: p.Free, Path: p.Path})
			case Concrete:
				target = &p
			default:
				// Not known here: the module's implementations of the
				// interface, if any; else the call stays unresolved.
				v := args.value(r)
				if p.Kind == Nil || v == nil || len(r.Path) > 0 || e.Dispatch == nil || e.Dispatch.Method == "" {
					return e, nil, false
				}
				impls := w.calls.implementedBy(v.Type(), e.Dispatch.Method)
				if impls == nil {
					return e, nil, false
				}
				target = &Prov{Kind: Concrete, impls: impls}
			}
			continue
		}
		if p.Kind == Nil && r.NilFallback != "" {
			p = Prov{Kind: Lacks, Origin: r.NilFallback}
		}
		if !w.require(&e, p, r.Prop) {
			return e, nil, false
		}
	}
	return e, target, true
}

// require applies what is known of a value to an effect that blocks only if
// the value lacks prop. It reports false when the effect cannot happen.
func (u *unit) require(e *Effect, p Prov, prop Property) bool {
	if onlyClears(prop) {
		switch p.Kind {
		case Has:
			return false
		case FromParam:
			e.Requires = append(e.Requires, Requirement{Prop: prop, Param: p.Param, Free: p.Free, Path: p.Path})
		}
		return true // the context decides
	}
	switch p.Kind {
	case Lacks:
		e.Notes = append(e.Notes, p.Origin)
		e.fixAt = cmp.Or(e.fixAt, p.at)
		e.made = cmp.Or(e.made, p.made)
		return true
	case FromParam:
		e.Requires = append(e.Requires, Requirement{Prop: prop, Param: p.Param, Free: p.Free, Path: p.Path, NilFallback: p.NilFallback})
		return true
	case Unknown:
		if strict {
			e.Unproven = true
			e.Notes = append(e.Notes, "a value of unknown origin (-strict)")
			return true
		}
	}
	return false // Has, Nil (a nil client panics before it waits), or Unknown
}

// modelled records a call to an API of the model table.
func (w *walker) modelled(s site, entry *model.Func, call *ssa.CallCommon) {
	recv, params := splitReceiver(call)
	switch entry.Kind {
	case model.Bounded, model.Timer:
		return // bounded: nothing to add; timers wait where they are received
	case model.Sink:
		e := Effect{
			Check:  entry.Check,
			Sink:   sinkName(entry),
			Wait:   w.waitOf(entry, params),
			InLoop: s.inLoop,
			Chain:  []Frame{s.exit()},
		}
		for i, role := range entry.Params {
			if i >= len(params) || !e.Wait.Unbounded {
				continue
			}
			ctx := params[i]
			if role == model.RetryPolicy {
				ctx = w.retryContext(entry, ctx) // backoff.WithContext(b, ctx)
			} else if role != model.Deadline {
				ctx = nil
			}
			if ctx != nil {
				_ = w.boundByDeadline(&e, w.values.eval(ctx, nil, HasDeadline))
			}
		}
		e = e.guarded(s.guard).repeated(s.times)
		if entry.Why != "" {
			e.Notes = []string{entry.Why}
		}
		if entry.Recv == model.Client && recv != nil {
			w.setterNeeds(e, recv, entry.Params, params)
		}
		if w.valueRolesAt(&e, entry.Recv, recv, entry.RecvPath) && w.valuesOf(&e, entry.Params, params) {
			s.record(e)
		}
	}
	// The API calls its callbacks, repeatedly: their waits count, in a
	// loop, or as many times as a backoff the code gives allows attempts
	// (retry.RetryOnConflict(retry.DefaultRetry, f) calls f five times at
	// most, so a 44ms retry in f waits 220ms at most).
	repeated := s
	repeated.inLoop = true
	if attempts := w.attempts(entry, params); attempts > 0 {
		repeated.inLoop = s.inLoop
		repeated.times.times = max(s.times.times, 1) * attempts
	}
	for i, role := range entry.Params {
		if role != model.Callback || i >= len(params) {
			continue
		}
		if fn := funcValue(params[i]); fn != nil {
			var args bound
			if mc, ok := unwrapClosure(params[i]); ok {
				args.free = mc.Bindings
			}
			w.callFunc(repeated, fn, call, args)
		}
	}
}

// attempts is how many times an API of the model calls its callback, when
// a backoff argument gives it (wait.ExponentialBackoff's Steps, at least
// one), or 0.
func (w *walker) attempts(entry *model.Func, params []ssa.Value) int64 {
	for i, role := range entry.Params {
		if role != model.Backoff || i >= len(params) {
			continue
		}
		if b, ok := w.backoffOf(params[i]); ok {
			return max(b.steps, 1)
		}
	}
	return 0
}

// splitReceiver returns a call's receiver (nil for a function) and the
// arguments for the parameters after it.
func splitReceiver(call *ssa.CallCommon) (ssa.Value, []ssa.Value) {
	if call.IsInvoke() {
		return call.Value, call.Args
	}
	if methodOffset(*call) == 1 {
		return call.Args[0], call.Args[1:]
	}
	return nil, call.Args
}

func (w *walker) valuesOf(e *Effect, roles []model.Role, values []ssa.Value) bool {
	for i, role := range roles {
		if i < len(values) && !w.valueRoles(e, role, values[i]) {
			return false
		}
	}
	return true
}

// valueRoles applies the provenance of a sink's client or context argument.
func (w *walker) valueRoles(e *Effect, role model.Role, v ssa.Value) bool {
	return w.valueRolesAt(e, role, v, nil)
}

// valueRolesAt is valueRoles for the value at clientPath below v, when
// role is Client (an SDK's client whose field holds the *http.Client).
func (w *walker) valueRolesAt(e *Effect, role model.Role, v ssa.Value, clientPath []string) bool {
	var path []string
	prop := HasDeadline
	switch role {
	case model.Client:
		prop = HasTimeout
		path = clientPath
	case model.Ctx:
	case model.Request:
		path = []string{requestCtx}
	case model.Command:
		path = []string{commandCtx}
	case model.Driver:
		prop = DriverBounds
	case model.Statement:
		prop = StatementBounds
	case model.Network:
		return !w.connectionless(v, 0)
	default:
		return true
	}
	if v == nil {
		return true
	}
	return w.require(e, w.values.eval(v, path, prop), prop)
}

// maxNetworkDepth bounds the helpers a network name is passed down through.
const maxNetworkDepth = 3

// connectionless reports whether v is a constant network name whose dial
// waits for no peer: "udp", "udp4", "ip4:icmp", "unixgram". A parameter is
// one when every call of its function passes one, and nothing else can call
// it: an SDK's telemetry reporter whose connect(network, addr) its package
// only ever calls with a "udp" constant (see callersOf).
func (w *walker) connectionless(v ssa.Value, depth int) bool {
	if p, ok := v.(*ssa.Parameter); ok && depth < maxNetworkDepth {
		i := slices.Index(p.Parent().Params, p)
		calls, ok := w.callersOf(p.Parent())
		if i < 0 || !ok || len(calls) == 0 {
			return false
		}
		for _, call := range calls {
			if i >= len(call.Args) || !w.connectionless(call.Args[i], depth+1) {
				return false
			}
		}
		return true
	}
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return false
	}
	network := constant.StringVal(c.Value)
	return strings.HasPrefix(network, "udp") || strings.HasPrefix(network, "ip") || network == "unixgram"
}

// callersOf lists the static calls of fn in this package, and reports
// false when something else may call it: fn is exported (another package
// may), a closure, used as a value (a func value, a method value), or a
// method of a name this package calls through an interface.
func (w *walker) callersOf(fn *ssa.Function) ([]*ssa.CallCommon, bool) {
	if w.staticCalls == nil {
		w.staticCalls = make(map[*ssa.Function][]*ssa.CallCommon)
		w.usedAsValue = make(map[types.Object]bool)
		var ops []*ssa.Value
		for _, fi := range w.funcs {
			for _, b := range fi.fn.Blocks {
				for _, instr := range b.Instrs {
					call, isCall := instr.(ssa.CallInstruction)
					if isCall && call.Common().IsInvoke() {
						w.invoked = append(w.invoked, call.Common().Method.Name())
					}
					ops = instr.Operands(ops[:0])
					for k, op := range ops {
						callee, ok := (*op).(*ssa.Function)
						if !ok {
							continue
						}
						if isCall && k == 0 && !call.Common().IsInvoke() && call.Common().Value == callee {
							w.staticCalls[callee] = append(w.staticCalls[callee], call.Common())
							continue
						}
						// A method value or expression is a wrapper
						// whose object is the method.
						if obj := callee.Object(); obj != nil {
							w.usedAsValue[obj] = true
						}
					}
				}
			}
		}
	}
	if obj := fn.Object(); obj == nil || obj.Exported() || fn.Parent() != nil || w.usedAsValue[obj] {
		return nil, false
	}
	if fn.Signature.Recv() != nil && slices.Contains(w.invoked, fn.Name()) {
		return nil, false // an unexported method this package calls through an interface
	}
	return w.staticCalls[fn], true
}

func unwrapClosure(v ssa.Value) (*ssa.MakeClosure, bool) {
	switch v := v.(type) {
	case *ssa.MakeClosure:
		return v, true
	case *ssa.ChangeType:
		return unwrapClosure(v.X)
	case *ssa.MakeInterface:
		return unwrapClosure(v.X)
	}
	return nil, false
}

// funcValue returns the function a value denotes, if it is a known one.
func funcValue(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.Function:
		return v
	case *ssa.MakeClosure:
		return v.Fn.(*ssa.Function)
	case *ssa.ChangeType:
		return funcValue(v.X)
	case *ssa.MakeInterface:
		return funcValue(v.X)
	}
	return nil
}

// scanReceive records a receive from a timer channel.
func (w *walker) scanReceive(s site, ch ssa.Value) {
	entry, args := w.timerSource(ch)
	if entry == nil {
		w.awaitSends(s, ch)
		return
	}
	wait := w.waitOf(entry, args)
	wait.Poll = false // one receive is one period, not a poll (a loop repeats it)
	switch {
	case wait.Every > 0: // one receive from a ticker waits one period
		wait.Total, wait.Every = wait.Every, 0
	case wait.everyUnknown && wait.Total == 0:
		wait.Unknown, wait.From = true, wait.everyFrom
	}
	s.record(Effect{Check: entry.Check, Sink: sinkName(entry), Wait: wait, InLoop: s.inLoop, Chain: []Frame{s.frame}}.repeated(s.times))
}

// scanSelect records the timers a select waits on; a select that waits on
// ctx.Done() and no timer waits for as long as the ctx allows.
func (w *walker) scanSelect(s site, sel *ssa.Select) {
	var done ssa.Value
	var others []ssa.Value // channels that are neither timers nor ctx.Done()
	var timerChans []ssa.Value
	timers := 0
	for _, state := range sel.States {
		if state.Dir != types.RecvOnly {
			continue
		}
		if entry, _ := w.timerSource(state.Chan); entry != nil {
			timers++
			timerChans = append(timerChans, state.Chan)
		} else if isTimeChan(state.Chan.Type()) {
			// A timer made out of sight (x/time/rate's newTimer): it bounds
			// the select, for a time the walk cannot tell.
			timers++
		} else if call, ok := state.Chan.(*ssa.Call); ok && call.Call.IsInvoke() &&
			call.Call.Method.Name() == "Done" && isContext(call.Call.Value.Type()) {
			done = call.Call.Value
		} else {
			others = append(others, state.Chan)
		}
	}
	if timers > 0 {
		var fed []ssa.Value
		for _, ch := range others {
			if w.handedToGoroutine(s.fi.fn, ch) {
				fed = append(fed, ch)
			}
		}
		if len(fed) == 0 {
			for _, ch := range timerChans {
				w.scanReceive(s, ch)
			}
			return
		}
		// The timer guards the goroutines' work: the worker waits for
		// that work, for as long as the timer allows.
		guard := Wait{Unknown: len(timerChans) < timers}
		for i, ch := range timerChans {
			entry, args := w.timerSource(ch)
			t := w.waitOf(entry, args)
			if t.Every > 0 {
				t.Total = t.Every
			}
			if t.Unknown {
				guard.Unknown = true
			} else if i == 0 || t.Total < guard.Total {
				guard.Total = t.Total
			}
		}
		guarded := s
		guarded.guard = &guard
		for _, ch := range fed {
			w.awaitSends(guarded, ch)
		}
		return
	}
	if done == nil {
		// Nothing but the goroutines that send on them ends the wait.
		for _, ch := range others {
			w.awaitSends(s, ch)
		}
		return
	}
	var fed []ssa.Value
	for _, ch := range others {
		if w.handedToGoroutine(s.fi.fn, ch) {
			fed = append(fed, ch)
		}
	}
	if len(fed) > 0 {
		// The goroutines started here end the wait, and ctx.Done() only
		// cuts it short: the worker waits as long as their work, whose
		// waits are recorded at the select.
		for _, ch := range fed {
			w.awaitSends(s, ch)
		}
		return
	}
	deadline := w.values.eval(done, nil, HasDeadline)
	e := Effect{Check: "ctxdeadline", Sink: "select on ctx.Done()", InLoop: s.inLoop, Chain: []Frame{s.frame}}
	if w.require(&e, deadline, HasDeadline) {
		s.record(e)
	}
	if len(others) == 0 {
		return // nothing but ctx ends the wait
	}
	// A channel that another part of the program sends on or closes: the
	// wait lasts until the ctx's deadline, for all the walk can tell.
	g := Effect{Check: "sleeploop", Sink: "receive until ctx.Done()", Wait: Wait{Unbounded: true}, DeadlineOnly: true, InLoop: s.inLoop, Chain: []Frame{s.frame}}
	if w.boundByDeadline(&g, deadline) {
		s.record(g.repeated(s.times))
	}
}

// scanDeadline records the select that ends its loop when the timer of
// state deadline fires: the loop waits until then, checking every period
// of the other timers (a ticker), a poll. What the loop's turns wait
// counts into that total.
func (w *walker) scanDeadline(s site, sel *ssa.Select, deadline int) {
	if deadline >= len(sel.States) {
		return
	}
	entry, args := w.timerSource(sel.States[deadline].Chan)
	if entry == nil {
		return
	}
	wait := w.waitOf(entry, args)
	for i, state := range sel.States {
		if i == deadline || state.Dir != types.RecvOnly {
			continue
		}
		if e, args := w.timerSource(state.Chan); e != nil {
			wait.Poll = true
			if t := w.waitOf(e, args); t.Every > 0 && !t.Unknown {
				wait.Every = t.Every
			} else if t.Total > 0 && !t.Unknown {
				wait.Every = t.Total
			}
		}
	}
	s.record(Effect{Check: entry.Check, Sink: sinkName(entry), Wait: wait, InLoop: s.inLoop, Chain: []Frame{s.frame}}.repeated(s.times))
}

// scanCtxDeadline records the select that ends its loop when a ctx is
// done, and otherwise waits on timers: a poll that lasts until the ctx's
// deadline, repeated as the loops around its own repeat (outer). Where the
// deadline is known here, the poll is the whole wait: its timers' periods
// count into it. Where the ctx is the caller's, the poll exists only where
// the caller's ctx has a deadline, and the select's timers, each turn's
// wait in a loop with no limit, only where it has none. A ctx without a
// deadline leaves the select as any other.
func (w *walker) scanCtxDeadline(s site, sel *ssa.Select, d loopDeadline, outer repeat) {
	if d.state < 0 || d.state >= len(sel.States) || d.sink == "" {
		w.scanSelect(s, sel)
		return
	}
	call, ok := sel.States[d.state].Chan.(*ssa.Call)
	if !ok || !call.Call.IsInvoke() || call.Call.Method.Name() != "Done" {
		w.scanSelect(s, sel)
		return
	}
	wait := Wait{Unbounded: true, Poll: true}
	sink := d.sink // a timer out of sight is named as the code reads
	for i, state := range sel.States {
		if i == d.state || state.Dir != types.RecvOnly {
			continue
		}
		if e, args := w.timerSource(state.Chan); e != nil {
			sink = sinkName(e)
			if t := w.waitOf(e, args); t.Every > 0 && !t.Unknown {
				wait.Every = t.Every
			}
		}
	}
	poll := Effect{Check: "sleeploop", Sink: sink, Wait: wait, DeadlineOnly: true, InLoop: outer.unbounded, Chain: []Frame{s.frame}}
	deadline := w.values.eval(call.Call.Value, nil, HasDeadline)
	if !w.boundByDeadline(&poll, deadline) {
		w.scanSelect(s, sel)
		return
	}
	s.record(poll.repeated(outer))
	if deadline.Kind == FromParam {
		s.unlessDeadline = poll.DeadlineFrom
		w.scanSelect(s, sel)
	}
}

// repeatAround is how the loops around loop repeat the code at pos in it.
func (w *walker) repeatAround(fn *ssa.Function, loops []ast.Node, loop ast.Node, pos token.Pos) repeat {
	var outer []ast.Node
	for _, l := range loops {
		if l != loop && l.Pos() <= loop.Pos() && loop.End() <= l.End() {
			outer = append(outer, l)
		}
	}
	if len(outer) == 0 {
		return repeat{times: 1}
	}
	return w.repeatAt(fn, outer, pos)
}

// isTimeChan matches the channels timers deliver on: chan time.Time.
func isTimeChan(t types.Type) bool {
	ch, ok := t.Underlying().(*types.Chan)
	return ok && isNamed(ch.Elem(), "time", "Time")
}

// timerSource finds the model entry that made a channel: time.After(d),
// time.Tick(d), or the field C of a timer or ticker.
func (w *walker) timerSource(ch ssa.Value) (*model.Func, []ssa.Value) {
	switch v := ch.(type) {
	case *ssa.Call:
		if callee := v.Call.StaticCallee(); callee != nil {
			if obj, ok := callee.Object().(*types.Func); ok {
				if entry := w.table.Lookup(obj); entry != nil && entry.Kind == model.Timer {
					return entry, v.Call.Args
				}
			}
		}
	case *ssa.UnOp:
		fa, ok := v.X.(*ssa.FieldAddr)
		if !ok || v.Op != token.MUL {
			return nil, nil
		}
		named, _ := types.Unalias(fa.X.Type().(*types.Pointer).Elem()).(*types.Named)
		if named == nil || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "time" {
			return nil, nil
		}
		if field := named.Underlying().(*types.Struct).Field(fa.Field); field.Name() != "C" {
			return nil, nil
		}
		if entry, args := w.timerSource(fa.X); entry != nil {
			return entry, args // the timer's constructor is in sight
		}
		for _, entry := range []string{"time.NewTimer", "time.NewTicker"} {
			if strings.HasSuffix(entry, named.Obj().Name()) {
				return w.table.ByName(entry), nil
			}
		}
	}
	return nil, nil
}

// sinkName is how messages name a modelled function: with its package's
// name rather than its path, "wait.Poll", "(*http.Client).Do".
func sinkName(entry *model.Func) string {
	if entry.Sink != "" {
		return entry.Sink
	}
	name := entry.Name
	if recv, method, ok := strings.Cut(name, ")."); ok {
		star := ""
		if strings.HasPrefix(recv, "(*") {
			star = "*"
		}
		recv = strings.TrimLeft(recv, "(*")
		return "(" + star + recv[strings.LastIndex(recv, "/")+1:] + ")." + method
	}
	return name[strings.LastIndex(name, "/")+1:]
}

// frame is the frame of fi for a call or receive at pos.
func (w *walker) frame(fi *funcInfo, pos token.Pos) Frame {
	return Frame{Func: fi.name, Pos: w.posString(pos), pos: pos}
}
