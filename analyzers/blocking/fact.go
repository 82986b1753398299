package blocking

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
	"time"
)

// Limits that keep facts small. Effects past MaxEffects are dropped in a
// deterministic order (see Summary.add); chains longer than MaxChain keep
// their first and last frames and count the ones in between.
const (
	MaxEffects = 64
	MaxChain   = 12
)

// Summary is the object fact exported for a function (on its generic
// origin): every blocking effect a call to it may reach.
type Summary struct {
	Effects []Effect      // sorted by key
	Results []ResultValue // what the function returns, where it matters; sorted
	// Needs are the requirements on the function's parameters that a
	// reconciler's field places, through the function (a constructor that
	// stores its argument in the reconciler): decided at its calls.
	Needs []Effect
	// ResultMethods: for results of interface type, what calling each
	// method on the concrete value returned there does (see origin_funcs.go and resolve_results.go).
	ResultMethods []ResultMethod
	// Sets lists the fields the function sets on its pointer parameters
	// (setters such as SetTimeout; see origin_setters.go).
	Sets []FieldSet
}

func (*Summary) AFact() {}

func (s *Summary) empty() bool {
	return len(s.Effects) == 0 && len(s.Results) == 0 && len(s.Needs) == 0 && len(s.ResultMethods) == 0 && len(s.Sets) == 0
}

// inert reports whether the summary tells a caller nothing that can make
// the caller block: no effect, requirement, result value or setter, only
// methods of its results that do nothing (a constructor of an informer).
// A package whose only link to the blocking world is such a callee has
// nothing to analyze (see mayMatter).
func (s *Summary) inert() bool {
	return len(s.Effects) == 0 && len(s.Results) == 0 && len(s.Needs) == 0 && len(s.Sets) == 0 && inertMethods(s.ResultMethods)
}

func inertMethods(methods []ResultMethod) bool {
	for _, m := range methods {
		if len(m.Effects) > 0 || len(m.Results) > 0 || !inertMethods(m.Returns) {
			return false
		}
	}
	return true
}

func (s *Summary) String() string {
	var parts []string
	for _, e := range s.Effects {
		part := e.Sink + " via " + e.ChainString()
		for _, r := range e.Requires {
			part += " if " + r.String()
		}
		for _, f := range e.OnlyIf {
			part += " if set " + f
		}
		parts = append(parts, part)
	}
	for _, r := range s.Results {
		parts = append(parts, r.String())
	}
	for _, e := range s.Needs {
		parts = append(parts, "needs "+e.Requires[0].String()+" for "+e.Bound)
	}
	for _, rm := range s.ResultMethods {
		parts = append(parts, rm.String())
	}
	for _, fs := range s.Sets {
		parts = append(parts, fmt.Sprintf("sets param %d.%s", fs.Into, fs.Field))
	}
	return "blocks(" + strings.Join(parts, "; ") + ")"
}

// Effect is one way a function may block: a sink and the shortest chain of
// calls that reaches it.
type Effect struct {
	Check string // the analyzer that reports it, e.g. "sleeploop"
	Sink  string // how the message names the wait, e.g. "time.Sleep"
	Wait  Wait
	// InLoop: some call on the way, or the sink itself, sits in a loop or in
	// a callback that an API calls repeatedly, so the wait can repeat.
	InLoop bool
	// Chain runs from the summarised function down to the sink: each frame is
	// a function and the position of the call it makes to the next frame; the
	// last frame holds the position of the sink.
	Chain  []Frame
	Elided int // frames dropped from the middle of a chain longer than MaxChain
	// ExitElided: the frames dropped include the one where the chain
	// leaves the module (see Frame.Exit).
	ExitElided bool `json:",omitempty"`
	// DecidedAt is the position of the outermost call (or sink) on the
	// chain that a loop statement of its function repeats: the loop makes
	// the wait, and its fix goes there (see Finding.waitSite).
	DecidedAt string `json:",omitempty"`
	// DecidedLoop is the position of the loop statement that repeats the
	// call at DecidedAt (the outermost one around it): the waits that one
	// loop repeats are one fix, wherever in its body they sit.
	DecidedLoop string `json:",omitempty"`
	// Chosen: a caller on the chain chose the wait's length, which the
	// callee's parameters left open (a poll helper's timeout).
	Chosen bool `json:",omitempty"`
	// ChosenAt is the position of the call that chose it, as its frame
	// gives it: the fix goes there when it is module code on the chain
	// (see Finding.waitSite), whichever package reports the wait.
	ChosenAt string `json:",omitempty"`

	// Requires lists what must be true of the summarised function's own
	// values for the effect to block: "the client in parameter 0's field
	// http has no Timeout", "the ctx in parameter 1 has no deadline". Each
	// caller decides them from its arguments, or passes them on. An effect
	// with no requirements left blocks.
	Requires []Requirement
	// Notes say where the values that decided the requirements came from,
	// e.g. "http.Client without Timeout (cloud/client.go:22)".
	Notes []string
	// Unproven: -strict decided a requirement for a value of unknown origin.
	Unproven bool
	// Bound names the reconciler field the value a requirement is about ends
	// up in, for a need decided where the value is bound.
	Bound string
	// Via, in a fact, says that the chain goes on as the chain of another
	// function's effect in the same package: facts share the tails of their
	// chains instead of repeating them. Readers expand it (walker.expand).
	Via Via
	// Dispatch, for an effect still to be decided, is a call through an
	// interface or a func value that the Dispatches requirement tracks to
	// where its concrete callee is known; the callee's effects replace it.
	Dispatch *Dispatch
	// DeadlineFrom, for a wait that lasts until a ctx is done, names the
	// parameter that holds the ctx: its deadline, where a caller knows it,
	// bounds the wait (see boundByDeadline).
	DeadlineFrom *Requirement
	// DeadlineOnly: the effect exists only if that ctx has a deadline (a
	// select that waits on a channel until ctx.Done(): without a deadline,
	// ctxdeadline reports the same wait).
	DeadlineOnly bool
	// UnlessDeadline: the effect exists only if that ctx has no deadline
	// (a poll's turn, whose whole the deadline bounds where there is one).
	UnlessDeadline bool `json:",omitempty"`
	// OnlyIf lists the option fields of libraries that must be set for the
	// effect to happen: it lies in a branch that they guard (see options.go).
	OnlyIf []string `json:",omitempty"`

	fixAt token.Pos // the composite literal that built the client, in this package
	made  token.Pos // where this package made the unbounded value (see Prov.made)
	// boundAt is the call that handed a wait of DeadlineOnly its deadline:
	// the wait is the caller's choice, and the place to fix (boundHere
	// marks an effect whose next frame is that call).
	boundAt   Frame
	boundHere bool
	// chosenAt is the call that chose the length a callee's parameters
	// left open (choseHere marks an effect whose next frame is that
	// call): part of the effect's place, so that two calls of one poll
	// helper stay two chains of the finding.
	chosenAt  string
	choseHere bool
}

// Property names the property a requirement is about.
type Property string

const (
	HasTimeout  Property = "timeout"  // an http.Client or net.Dialer with a Timeout
	HasDeadline Property = "deadline" // a context.Context with a deadline
	// DriverBounds: a *sql.DB whose driver gives up on a read that takes
	// too long (a read timeout in its DSN or config). Unlike the others it
	// only ever clears an effect: a handle whose driver is out of sight is
	// left to its context.
	DriverBounds Property = "driver timeout"
	// StatementBounds: a SQL statement (its text or its arguments) built
	// from a time.Duration, which carries its own timeout for the server
	// to honour (see model.Statement). Like DriverBounds it only ever
	// clears an effect.
	StatementBounds Property = "a timeout in the statement"
	// Dispatches: the value is an interface or a func value whose
	// concrete callee is decided where it is known (see resolve_dispatch.go).
	Dispatches Property = "dispatch"
)

// Requirement says that the effect blocks only if the value at Path below
// a parameter (or a closure's free variable) lacks Prop.
type Requirement struct {
	Prop  Property
	Param int  // index in the function's SSA parameters (the receiver is 0)
	Free  bool // Param indexes the free variables of a closure instead
	Path  []string
	// NilFallback is where the no-timeout client the callee falls back to
	// comes from, when the value is nil (SDKs that default to
	// http.DefaultClient).
	NilFallback string
	// Ctor, in a ResultMethod's effect: Param indexes the arguments of the
	// constructor that returned the value (a wrapped implementation it was
	// given, a dispatch inside the method on a field the constructor set),
	// decided where the constructor is called.
	Ctor bool `json:",omitempty"`
}

func (r Requirement) String() string {
	where := fmt.Sprintf("param %d", r.Param)
	if r.Free {
		where = fmt.Sprintf("free var %d", r.Param)
	}
	if r.Ctor {
		where = "constructor " + where
	}
	for _, f := range r.Path {
		where += "." + f
	}
	if r.Prop == Dispatches {
		return "the callee of " + where
	}
	return fmt.Sprintf("%s lacks %s", where, r.Prop)
}

// Via names an exported function or method of the fact's package, and the
// index of an effect in its Summary.
type Via struct {
	Recv  string // the receiver's type name, for a method
	Name  string
	Index int
}

// Frame is one function on a chain and the position of its call.
type Frame struct {
	Func string // e.g. "(*controllers.BucketReconciler).Reconcile"
	Pos  string // e.g. "controllers/bucket.go:42"
	// Exit: the call at Pos leaves the module of Func, into a dependency or
	// the standard library. The first such frame of a chain is the last
	// call the analyzed module makes on the way to the sink.
	Exit bool `json:",omitempty"`

	pos token.Pos // set only for frames in the package under analysis
}

// Wait is what the model knows of how long a sink waits.
type Wait struct {
	Total     time.Duration // the longest one call waits, when known
	Every     time.Duration // the period of a poll or ticker, when known
	Unknown   bool          // Total could not be computed
	Unbounded bool          // waits for a condition: no bound of its own
	// Poll: the wait checks a condition every period (a poll, a ticker
	// loop in the library) until it holds or a limit ends it: a wait for
	// external state, whether or not the period and the limit are known.
	Poll bool `json:",omitempty"`
	// From, for an Unknown wait, is 1 + the index of the summarised
	// function's parameter that holds the wait's length: a caller that
	// passes a constant there knows the wait, Times times over (the loops
	// on the way: a ticker whose period is a parameter, read 60 times).
	From  int   `json:",omitempty"`
	Times int64 `json:",omitempty"`
	// TimesFrom, with From, is 1 + the index of the parameter that holds
	// how many times the wait repeats (a retry's count): a caller that
	// passes a constant there multiplies Times by it.
	TimesFrom int `json:",omitempty"`
	// Turn is what one turn of the outermost loop that repeats the wait
	// waits, when known: Total before that loop multiplied it (a 3s retry
	// that a pod-restart loop repeats). A check tells by it a short wait
	// inside a long loop from a long one (see sleeploop's shortInner).
	Turn time.Duration `json:",omitempty"`
	// Capped: a loop that ends at a deadline repeats the wait, and the
	// deadline bounds all the waits of its turns together: Total is the
	// deadline's (plus one turn), not a sum over them.
	Capped bool `json:",omitempty"`

	// everyUnknown: the period is not a constant (from everyFrom, when a
	// parameter), which matters where one receive waits one period.
	everyUnknown bool
	everyFrom    int
}

// Polls reports whether the wait repeats a check every period (a poll, a
// ticker loop) until a condition or a limit: it waits for external state,
// however long its limit is.
func (w Wait) Polls() bool { return w.Poll }

// capped is w as a loop that ends at a deadline repeats it (see
// repeat.capped): the deadline, plus the turn that runs into it, when both
// are known; the deadline's parameter for the callers to decide; else a
// bound of a length out of sight.
func (w Wait) capped(r repeat) Wait {
	c := Wait{Every: w.Every, Poll: w.Poll, Capped: true}
	switch {
	case w.Unknown:
		c.Unknown = true // one turn's wait is out of sight
	case r.capFrom > 0:
		c.Unknown, c.From, c.Turn = true, r.capFrom, w.Total
	case r.cap > 0:
		c.Total, c.Turn = addWaits(r.cap, w.Total), w.Total
	default:
		c.Unknown = true
	}
	return c
}

// fromParam is the wait once a caller passes length d for Wait.From.
func (w Wait) fromParam(d time.Duration) Wait {
	if w.Capped {
		d = addWaits(d, w.Turn) // a deadline's loop runs one turn into it
	}
	w.Total, w.Unknown, w.From = timesWait(d, max(w.Times, 1)), false, 0
	w.Times, w.TimesFrom = 0, 0
	return w
}

// ChainString renders the chain as "F (file:line) -> G (file:line) -> sink",
// or without the sink for an effect that has none.
func (e Effect) ChainString() string {
	var b strings.Builder
	for i, f := range e.Chain {
		if i > 0 {
			b.WriteString(" -> ")
		}
		if i == len(e.Chain)-1 && e.Elided > 0 {
			fmt.Fprintf(&b, "(%d more) -> ", e.Elided)
		}
		fmt.Fprintf(&b, "%s (%s)", f.Func, f.Pos)
	}
	switch {
	case e.Via.Name != "":
		fmt.Fprintf(&b, " -> (chain of %s)", e.Via.Name)
	case e.Sink != "":
		b.WriteString(" -> " + e.Sink)
	}
	return b.String()
}

// SinkKey identifies the sink an effect reaches: checks report one finding
// per sink and entry point.
func (e Effect) SinkKey() string {
	return e.Sink + "@" + e.Chain[len(e.Chain)-1].Pos
}

// PlaceKey identifies the sink and the call of this package that leads to
// it (the report position): a poll helper that four functions call is four
// places to fix, not one, and summaries keep a chain for each.
func (e Effect) PlaceKey() string {
	exit := ""
	for _, f := range e.Chain {
		if !f.pos.IsValid() {
			break
		}
		exit = f.Pos
	}
	if e.boundAt.pos.IsValid() {
		exit = e.boundAt.Pos
	}
	if e.chosenAt != "" {
		exit += " chosen at " + e.chosenAt
	}
	if e.DecidedAt != "" {
		exit += " decided at " + e.DecidedAt
	}
	return e.SinkKey() + " from " + exit + e.origins()
}

// Route is the operation a chain shows, beyond its finding's place: the
// entry it starts from, where it is printed (ReportPos), and the chain from
// the first call the entry's package makes of another package on, with the
// values' origins. Two chains with one route differ only in how the entry's
// own package gets to that call (Reconcile calls Get, and so does the
// finalizer's helper): one operation, which a second line would only count
// twice.
func (e Effect) Route() string {
	out := e
	home := frameDir(e.Chain[0])
	if k := slices.IndexFunc(e.Chain, func(f Frame) bool { return frameDir(f) != home }); k > 0 {
		out.Chain = e.Chain[k:]
	}
	return fmt.Sprint(e.Chain[0].Func, " at ", e.ReportPos(), ": ", out.ChainString(), " under ", strings.Join(e.Notes, " and "))
}

// origins names the places where the values that leave the effect
// unbounded were made, as its notes give them ("context.Background()
// (cf/api.go:100)"): part of the effect's identity, so that a sink reached
// under two Background() calls, two fixes, keeps a chain for each.
func (e Effect) origins() string {
	var placed []string
	for _, n := range e.Notes {
		if open := strings.LastIndex(n, "("); open >= 0 && strings.HasSuffix(n, ")") && strings.Contains(n[open:], ".go:") {
			placed = append(placed, n[open+1:len(n)-1])
		}
	}
	if len(placed) == 0 {
		return ""
	}
	slices.Sort(placed)
	return " made at " + strings.Join(slices.Compact(placed), ", ")
}

// EndsInPackage reports whether the whole chain lies in the package under
// analysis.
func (e Effect) EndsInPackage() bool { return e.Chain[len(e.Chain)-1].pos.IsValid() }

// key identifies an effect in a summary. A sink may be kept twice: with the
// shortest chain that repeats it and with the shortest one that does not,
// because a short wait matters only when it repeats.
func (e Effect) key() string { return e.keyFrom(e.PlaceKey()) }

// sinkKey is key without the place: what an importer tells apart.
func (e Effect) sinkKey() string { return e.keyFrom(e.SinkKey() + e.origins()) }

func (e Effect) keyFrom(k string) string {
	if e.InLoop {
		k += " (loop)"
	}
	for _, r := range e.Requires {
		k += " if " + r.String()
	}
	for _, f := range e.OnlyIf {
		k += " if set " + f
	}
	return k
}

// shorter orders chains: fewer frames first, then by text, so that the
// witness kept for a sink does not depend on the order of the walk.
func shorter(a, b Effect) bool {
	la, lb := len(a.Chain)+a.Elided, len(b.Chain)+b.Elided
	if la != lb {
		return la < lb
	}
	if sameChainText(a, b) {
		return false // the fixpoint adds the same chain again and again: no text to build
	}
	return a.ChainString() < b.ChainString()
}

// sameChainText reports whether a and b print the same ChainString.
func sameChainText(a, b Effect) bool {
	if a.Elided != b.Elided || a.Via.Name != b.Via.Name || a.Sink != b.Sink || len(a.Chain) != len(b.Chain) {
		return false
	}
	for i := range a.Chain {
		if a.Chain[i].Func != b.Chain[i].Func || a.Chain[i].Pos != b.Chain[i].Pos {
			return false
		}
	}
	return true
}

// prefixed returns e as reached through a call in caller at frame f. A
// loop around the call repeats the wait, unless the wait's length is not
// known: a callee that may wait (a library's retry, only after a failure)
// repeated by a loop that does not wait itself (a pagination loop) proves
// nothing.
func (e Effect) prefixed(f Frame, inLoop bool) Effect {
	chain := make([]Frame, 0, len(e.Chain)+1)
	chain = append(chain, f)
	chain = append(chain, e.Chain...)
	e.Chain = chain
	e.InLoop = e.InLoop || inLoop && e.repeatable()
	if e.boundHere {
		e.boundAt, e.boundHere = f, false
	}
	if e.choseHere {
		e.chosenAt, e.choseHere = f.Pos, false
		e.Chosen, e.ChosenAt = true, f.Pos
	}
	return e.capped()
}

// repeatable reports whether a loop around a call repeats e, the callee's
// effect, as a wait on every turn: only when the wait's length is known. A
// library's retry of unknown delay under a loop (pagination, a retry loop
// that a retryer out of sight ends) proves nothing; -strict shows it.
func (e Effect) repeatable() bool {
	return e.Check != "sleeploop" || !e.Wait.Unknown || e.Wait.Poll
}

// repeated returns e as reached from counted loops: a known total wait is
// as many times longer as their constant trip counts say; a count that a
// parameter holds is left to the callers (Wait.TimesFrom).
func (e Effect) repeated(r repeat) Effect {
	repeatable := e.repeatable()
	if r.capped && repeatable && !e.Wait.Unbounded {
		e.Wait = e.Wait.capped(r)
	}
	if r.looped && repeatable && len(e.Chain) > 0 {
		e.DecidedAt, e.DecidedLoop = e.Chain[0].Pos, r.loop // the outermost loop so far
	}
	times := r.times
	if (times > 1 || r.timesFrom > 0) && e.Wait.Total > 0 && !e.Wait.Unknown && !e.Wait.Unbounded {
		e.Wait.Turn = e.Wait.Total // this loop is the outermost so far
	}
	if times > 1 && e.Wait.Total > 0 && !e.Wait.Unknown && !e.Wait.Unbounded {
		e.Wait.Total = timesWait(e.Wait.Total, times)
	}
	if times > 1 && e.Wait.From > 0 {
		e.Wait.Times = timesCount(max(e.Wait.Times, 1), times)
	}
	if e.Wait.Unbounded || r.timesFrom == 0 {
		return e
	}
	w := e.Wait
	switch {
	case !w.Unknown && w.Total > 0: // each turn's wait is known: the callers know the count
		e.Wait = Wait{Total: w.Total, Unknown: true, TimesFrom: r.timesFrom, Every: w.Every, Poll: w.Poll, Turn: w.Turn}
	case w.Unknown && w.From > 0 && w.TimesFrom == 0: // the callers know both
		e.Wait.TimesFrom = r.timesFrom
	case w.Unknown || w.Total > 0:
		e.Wait = Wait{Unknown: true, Every: w.Every, Poll: w.Poll}
	}
	return e
}

// guarded returns e as waited for under a guard that ends the wait (the
// timer of a select that receives what a goroutine computes): a wait longer
// than the guard's, or repeated, or with no limit, lasts the guard's time.
func (e Effect) guarded(g *Wait) Effect {
	if g == nil {
		return e
	}
	// The other checks' sinks (a request, a query) wait with no limit of
	// their own.
	unbounded := e.Wait.Unbounded || e.Check != "sleeploop"
	switch {
	case g.Unknown:
		if unbounded || e.InLoop {
			e.Wait = Wait{Unknown: true, Every: e.Wait.Every, Poll: e.Wait.Poll}
			e.InLoop = false
		}
	case unbounded || e.Wait.Unknown || e.InLoop || e.Wait.Total > g.Total:
		e.Wait = Wait{Total: g.Total, Every: e.Wait.Every, Poll: e.Wait.Poll}
		e.InLoop = false
	}
	e.Check = "sleeploop" // the timer, not the client or the ctx, bounds it
	return e
}

// capped keeps at most MaxChain frames: the first ones and the sink's.
func (e Effect) capped() Effect {
	if len(e.Chain) > MaxChain {
		drop := len(e.Chain) - MaxChain
		e.ExitElided = e.ExitElided || slices.ContainsFunc(e.Chain[MaxChain-1:len(e.Chain)-1], func(f Frame) bool { return f.Exit })
		e.Chain = append(e.Chain[:MaxChain-1:MaxChain-1], e.Chain[len(e.Chain)-1])
		e.Elided += drop
	}
	return e
}

// Prefixed returns e as reached from a caller at frame f: for checks that
// build chains of their own.
func (e Effect) Prefixed(f Frame) Effect { return e.prefixed(f, false) }

// Imported returns e as read from a fact of another package: without the
// token positions, which mean nothing outside the package that set them.
func (e Effect) Imported() Effect { return e.stripPositions() }

// stripPositions drops token positions, which mean nothing outside the
// package that computed them.
func (e Effect) stripPositions() Effect {
	chain := make([]Frame, len(e.Chain))
	e.Requires = slices.Clone(e.Requires)
	e.fixAt, e.made = token.NoPos, token.NoPos
	e.boundAt, e.boundHere = Frame{}, false
	e.chosenAt, e.choseHere = "", false
	for i, f := range e.Chain {
		chain[i] = Frame{Func: f.Func, Pos: f.Pos, Exit: f.Exit}
	}
	e.Chain = chain
	return e
}
