package blocking

// This file places findings: which effects of which entry point a check
// reports, at which line (where the fix goes), merged one per place, and
// the words of the messages.

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
)

// Findings returns the effects of the entry that worth accepts, one per sink,
// in the order of the positions they are reported at. For each sink it keeps
// the witness that does not repeat the wait when worth accepts it, so that
// the chain shown is the plainest one, else the one in a loop.
func (e *Entry) Findings(worth func(Effect) bool) []Effect {
	var found []Effect
	seen := make(map[string]bool)
	for _, pass := range []bool{false, true} {
		for _, eff := range e.Effects {
			if eff.InLoop == pass && !seen[eff.PlaceKey()] && worth(eff) {
				seen[eff.PlaceKey()] = true
				found = append(found, eff)
			}
		}
	}
	slices.SortStableFunc(found, func(a, b Effect) int {
		return cmp.Or(cmp.Compare(a.ReportPos(), b.ReportPos()), strings.Compare(a.SinkKey(), b.SinkKey()))
	})
	return found
}

// Finding is one effect a check may report, and where.
type Finding struct {
	Effect
	Pos token.Pos
	// Binding names the reconciler field whose bound value makes the entry
	// block, when the finding is at the binding (in main, say).
	Binding string
	// InFinalizerBranch: the entry reaches the sink from code that runs only
	// while the object is being deleted.
	InFinalizerBranch bool
	// Also holds the chains from the other entry points that reach the same
	// sink through the same place, shortest first: one finding per place.
	Also []Effect
	// BindingAt is where Binding is bound, when the finding sits elsewhere:
	// at the call the bound value reaches, where the fix goes.
	BindingAt string
	// UsedAt is the call of this package that uses the client, when the
	// finding sits where another package of the module made it.
	UsedAt token.Pos
	// LoopPlaces: the other blocking calls in Also are waits of the loop
	// that repeats the finding's (sleeploop's one finding per loop).
	LoopPlaces bool
}

// Findings lists what check should report in this package, one finding per
// place and sink, in a deterministic order: the effects each entry point
// reaches (see Entry.Findings) and the bindings that make an entry block.
func (r *Result) Findings(check string, worth func(Effect) bool) []Finding {
	accept := func(e Effect) bool {
		return e.Check == check && worth(e) && r.w.enabled.runs(e, r.w.ownsField)
	}
	var found []Finding
	for _, entry := range r.Entries {
		for _, e := range entry.Findings(accept) {
			// A finding sits where the fix goes: where this package made
			// the unbounded value, else the top of the entry for what only
			// the reconcile ctx leaves unbounded, else the call that
			// bounds an operation (fixSite), else the call of this package
			// that leads to the sink.
			f := Finding{Effect: e, Pos: cmp.Or(e.made, e.ReportPos()), InFinalizerBranch: entry.InFinalizerBranch(e)}
			if f.UnderReconcileCtx() {
				f.Pos = cmp.Or(entry.Func.Pos(), f.Pos)
			} else if site, ok := f.fixSite(); ok {
				f.Pos = cmp.Or(r.w.posOf(site), f.Pos)
			} else if site, ok := f.clientMadeAt(); ok && !e.made.IsValid() {
				// A client made without a Timeout in another package
				// of the module: the fix goes where it was made.
				if pos := r.w.posOf(site); pos.IsValid() {
					f.UsedAt, f.Pos = f.Pos, pos
				}
			} else if site, ok := f.waitSite(); ok {
				f.Pos = cmp.Or(r.w.framePos(site), f.Pos)
			} else if site, ok := f.ctxMadeAt(); ok && !e.made.IsValid() && r.w.onChain(site, f.Chain) {
				// A context.Background() that a function of the chain,
				// in another package of the module, makes and uses: one
				// fix there, whichever package reaches it. (One that a
				// helper returns is its caller's choice: the call stays
				// the place.)
				f.Pos = cmp.Or(r.w.posOf(site), f.Pos)
			}
			found = append(found, f)
		}
	}
	for _, b := range r.Bindings {
		if !accept(b.Effect) {
			continue
		}
		f := Finding{Effect: b.Effect, Pos: b.Pos, Binding: b.Field}
		// A binding in a test file chooses a test double: the fix is
		// there, not in the double (and such bindings count only with
		// -tests).
		inTest := strings.HasSuffix(r.w.pass.Fset.Position(b.Pos).Filename, "_test.go")
		if f.UnderReconcileCtx() && !inTest {
			// The binding chose the implementation; the ctx it runs under
			// is the entry's, bounded at the entry's top.
			if pos := r.w.funcAt(f.Chain[0]); pos.IsValid() {
				f.Pos, f.BindingAt = pos, r.w.posString(b.Pos)
			}
		} else if site, ok := f.constructorCallAt(); ok && !inTest && site.Pos != r.w.posString(b.Pos) {
			// The module calls a dependency's constructor somewhere
			// else than the binding (a client factory the bound value
			// calls): that call is the fix, whichever bindings lead to
			// it. A binding is the fix site only when it builds the
			// value itself.
			if pos := r.w.posOf(site); pos.IsValid() {
				f.Pos, f.BindingAt = pos, r.w.posString(b.Pos)
			}
		} else if site, ok := f.bindingFixSite(); ok && !inTest {
			// The fix is in the module, where the bound value leads, in
			// this package or another: report it there, and name the
			// binding.
			if pos := r.w.posOf(site); pos.IsValid() {
				f.Pos, f.BindingAt = pos, r.w.posString(b.Pos)
			}
		} else if site, ok := f.clientBuiltAt(); ok && b.built && !inTest {
			// The bound value builds the client when its method is
			// called: the fix is where it builds it.
			if pos := r.w.posOf(site); pos.IsValid() {
				f.Pos, f.BindingAt = pos, r.w.posString(b.Pos)
			}
		}
		found = append(found, f)
	}
	return Merge(found)
}

// fixSite is the call where a bound goes for a finding whose unbounded
// value was made out of sight (the reconcile ctx, http.DefaultClient), as
// the chain shows it, and reports whether the chain shows one.
//
// For a default client, or a call made with no context at all, it is the
// call where the module leaves for the code that uses them: there a client
// with a Timeout, or a context, can be passed. For the reconcile ctx it is
// the call that names the operation: the last call the
// module makes into the package that then leaves the module (a database
// helper package, an SDK wrapper), or that call itself when the chain never
// changes package before it. Each such call is one fix (a context with a
// timeout for that operation), however many entry points reach it.
func (f Finding) fixSite() (Frame, bool) {
	if f.Check != "httptimeout" && f.Check != "ctxdeadline" || f.madeOutOfSight() == "" || f.UnderReconcileCtx() {
		return Frame{}, false
	}
	exit := slices.IndexFunc(f.Chain, func(fr Frame) bool { return fr.Exit })
	if exit < 0 {
		return Frame{}, false
	}
	if !slices.Contains(f.Notes, reconcileCtxNote) {
		// A default client, or a call with no context at all: the call
		// that leaves the module is the one to change.
		return f.Chain[exit], true
	}
	dir := frameDir(f.Chain[exit])
	i := exit
	for i > 0 && frameDir(f.Chain[i-1]) == dir {
		i--
	}
	if i == 0 {
		return f.Chain[exit], true
	}
	return f.Chain[i-1], true
}

// UnderReconcileCtx reports whether f is a ctxdeadline finding that only
// the reconcile ctx leaves unbounded. Its fix is one for the whole entry,
// however many operations run under that ctx: the controller's
// ReconciliationTimeout, or a context.WithTimeout at the top of Reconcile.
// So the finding sits at the entry's declaration, one per entry point, and
// the operations are its places.
func (f Finding) UnderReconcileCtx() bool {
	return f.Check == "ctxdeadline" && len(f.Notes) == 1 && f.Notes[0] == reconcileCtxNote && len(f.Chain) > 0
}

// waitSite is where the fix goes for a wait (sleeploop), and reports
// whether the chain shows it: the outermost call that a loop of the module
// repeats (DecidedAt); else the module's last call on the way, which is
// the wait itself in module code or the call that enters a dependency's
// wait. A wait of its own in a helper package of the module is one fix
// however many calls reach it: they are the finding's places. A wait whose
// length (Chosen) or deadline (boundAt) a caller chose stays at the call of
// this package that leads to it, and so does a chain whose cap dropped the
// frame that matters.
func (f Finding) waitSite() (Frame, bool) {
	if f.Check != "sleeploop" || f.boundAt.pos.IsValid() || len(f.Chain) == 0 {
		return Frame{}, false
	}
	exit := slices.IndexFunc(f.Chain, func(fr Frame) bool { return fr.Exit })
	if exit < 0 {
		if f.ExitElided {
			return Frame{}, false
		}
		exit = len(f.Chain) - 1
	}
	at := slices.IndexFunc(f.Chain, func(fr Frame) bool { return fr.Pos == f.DecidedAt })
	switch {
	case f.DecidedAt != "" && at < 0:
		return Frame{}, false // an elided frame
	case f.DecidedAt != "" && at <= exit:
		return f.Chain[at], true
	case f.Chosen:
		// A helper's wait whose length the caller chose: each call of
		// another package is its own wait, at that call; a package's
		// own helper is one wait, at the wait, whichever package
		// reaches it (the deployment helper that passes its timeout to
		// its poll). When the choice is out of sight, the call of this
		// package that leads to it.
		at := slices.IndexFunc(f.Chain, func(fr Frame) bool { return fr.Pos == f.ChosenAt })
		switch {
		case f.ChosenAt == "" || at < 0 || at > exit:
			return Frame{}, false
		case frameDir(f.Chain[at]) == frameDir(f.Chain[exit]):
			return f.Chain[exit], true
		}
		return f.Chain[at], true
	}
	return f.Chain[exit], true // the wait in module code, or the call into a dependency's
}

// bindingFixSite is where the fix goes for a finding reached through a
// value bound to a reconciler's field, when that is not the binding: the
// binding only chose the implementation, and the unbounded value or the
// wait is the implementation's own. For httptimeout and ctxdeadline that is
// the fix site of a value made out of sight (fixSite); for ctxdeadline, else
// the one place in the module where the context was made (a
// context.Background() call); for a wait, the call where the module enters
// it (the chain's exit). A client made without a Timeout stays at the
// binding: which client, or which options for it, is what the binding
// chooses (unless a method of the bound value builds it: see
// clientBuiltAt).
func (f Finding) bindingFixSite() (Frame, bool) {
	if site, ok := f.fixSite(); ok {
		return site, true
	}
	switch f.Check {
	case "httptimeout":
		return Frame{}, false
	case "ctxdeadline":
		return f.ctxMadeAt()
	}
	if exit := slices.IndexFunc(f.Chain, func(fr Frame) bool { return fr.Exit }); exit >= 0 {
		return f.Chain[exit], true
	}
	return Frame{}, false
}

// ctxMadeAt is, for a ctxdeadline finding, the one place its notes name
// where the context was made (`context.Background() (sql/sql.go:353)`),
// when that is not past the module's exit into a dependency. posOf finds
// it only in a package of the module.
func (f Finding) ctxMadeAt() (Frame, bool) {
	if f.Check != "ctxdeadline" || MadeInDependency(f.Effect) {
		return Frame{}, false
	}
	var places []string
	for _, n := range f.Notes {
		if open := strings.LastIndex(n, "("); open >= 0 && strings.HasSuffix(n, ")") && strings.Contains(n[open:], ".go:") {
			places = append(places, n[open+1:len(n)-1])
		}
	}
	if len(places) != 1 {
		return Frame{}, false
	}
	return Frame{Pos: places[0]}, true
}

// clientBuiltAt is, for an httptimeout finding, the one place its notes
// name where a client was made without a Timeout (`http.Client without
// Timeout (mtls/client.go:81)`), if there is one. posOf finds it only in a
// package of the module.
func (f Finding) clientBuiltAt() (Frame, bool) {
	if slices.ContainsFunc(f.Notes, func(n string) bool { return strings.Contains(n, madeByNote) }) {
		return Frame{}, false // a dependency's client: the binding chose it
	}
	return f.clientMadeAt()
}

// clientMadeAt is, for an httptimeout finding, the one place its notes name
// where a client was made without a Timeout: a literal, or the call of a
// dependency's constructor that returned it (`..., in what minio.New
// returns (minio/minio.go:185)`), if there is one.
func (f Finding) clientMadeAt() (Frame, bool) {
	if f.Check != "httptimeout" || MadeInDependency(f.Effect) {
		return Frame{}, false
	}
	var places []string
	for _, n := range f.Notes {
		if !madeClient(n) {
			continue
		}
		if strings.Contains(n, " or ") {
			return Frame{}, false // several places: each is a fix
		}
		places = append(places, n[strings.LastIndex(n, "(")+1:len(n)-1])
	}
	if len(places) != 1 {
		return Frame{}, false
	}
	return Frame{Pos: places[0]}, true
}

// constructorCallAt is, for an httptimeout finding, the one call of the
// module that returned a dependency's client without a Timeout, as its
// notes name it ("..., in what rabbithole.NewTLSClient returns
// (rabbitmqclient/factory.go:90)").
func (f Finding) constructorCallAt() (Frame, bool) {
	if f.Check != "httptimeout" || MadeInDependency(f.Effect) {
		return Frame{}, false
	}
	var places []string
	for _, n := range f.Notes {
		if _, after, ok := strings.Cut(n, madeByNote); ok && strings.HasSuffix(after, ")") && !strings.Contains(n, " or ") {
			places = append(places, after[strings.LastIndex(after, "(")+1:len(after)-1])
		}
	}
	if len(places) != 1 {
		return Frame{}, false
	}
	return Frame{Pos: places[0]}, true
}

// madeClient reports whether note n names the place where the module made
// a client without a Timeout: a literal or setting that lacks it ("http.Client
// without Timeout (mtls/client.go:81)"), or its call of a dependency's
// constructor that returned one ("http.DefaultClient (sdk/sdk.go:17), in
// what sdk.New returns (api/api.go:17)").
func madeClient(n string) bool {
	return (strings.Contains(n, "imeout") || strings.Contains(n, madeByNote)) && strings.HasSuffix(n, ")") && strings.Contains(n, ".go:")
}

// frameDir is the package directory of a frame's position, e.g. "sql" for
// "sql/client.go:42": frames of one package share it.
func frameDir(f Frame) string {
	dir, _, _ := strings.Cut(f.Pos, "/")
	return dir
}

// Merge keeps one finding per place and sink, the one with the shortest
// chain (the plainest, when one repeats the wait and one does not); the
// chains of the others go to its Also. A sink that several reconcilers reach
// is one bug, fixed in one place; so are waits of one kind reached through
// one call out of the package. A binding is one place whatever it leads to: a factory bound in main may reach dozens of sinks in an SDK, one fix
// (bound the value) for all. The order is that of the positions.
func Merge(found []Finding) []Finding {
	groups := make(map[string][]Finding)
	var keys []string
	for _, f := range found {
		// Different sinks of one name reported at one call (out of the
		// package) would print the same line twice.
		k := fmt.Sprint(f.Pos, " ", f.Sink)
		switch {
		case f.Binding != "" && f.BindingAt == "":
		case f.madeAt() != "":
			// A value made without a bound, in a place the notes name, is
			// one fix however many calls use it: one finding, at the first
			// of them, that counts the others.
			k = fmt.Sprint(f.Check, " made at ", f.madeAt())
		}
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], f)
	}
	merged := make([]Finding, 0, len(keys))
	for _, k := range keys {
		group := groups[k]
		slices.SortStableFunc(group, func(a, b Finding) int {
			switch {
			case a.madeAt() != "" && a.Pos != b.Pos:
				return cmp.Compare(a.Pos, b.Pos) // the first call that uses the value
			case a.InLoop != b.InLoop:
				return cmp.Compare(boolRank(a.InLoop), boolRank(b.InLoop))
			case a.Wait.proven() != b.Wait.proven():
				return cmp.Compare(b.Wait.proven(), a.Wait.proven()) // the longest wait leads
			case shorter(a.Effect, b.Effect):
				return -1
			case shorter(b.Effect, a.Effect):
				return 1
			}
			return 0
		})
		first := group[0]
		routes := map[string]bool{first.Route(): true}
		for _, other := range group[1:] {
			if r := other.Route(); !routes[r] {
				routes[r] = true
				first.Also = append(first.Also, other.Effect)
			}
		}
		merged = append(merged, first)
	}
	slices.SortStableFunc(merged, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Pos, b.Pos), strings.Compare(a.SinkKey(), b.SinkKey()))
	})
	return merged
}

// madeAt names where the values that leave f unbounded were made, when
// the notes say (a client literal, a context.Background() call), or, for
// values made out of sight, the entry point that uses them; else "".
// A client made without a timeout is fixed in one place however many
// requests, each with its own context, go through it: it alone names the
// place then.
func (f Finding) madeAt() string {
	if (f.Check == "httptimeout" || f.Check == "ctxdeadline") && MadeInDependency(f.Effect) {
		// Values a dependency made, where nothing can be set: one
		// finding per call that enters the dependency.
		exit := slices.IndexFunc(f.Chain, func(fr Frame) bool { return fr.Exit })
		return intoDependency + f.Chain[exit].Pos
	}
	var placed []string
	for _, n := range f.Notes {
		if !strings.HasSuffix(n, ")") || !strings.Contains(n, ".go:") {
			continue
		}
		if f.Check == "httptimeout" && madeClient(n) || strings.Contains(strings.ToLower(n), "timeout") {
			return n // the client is the fix, whatever contexts its requests carry
		}
		placed = append(placed, n)
	}
	if len(placed) == 0 {
		if out := f.madeOutOfSight(); out != "" {
			// Values made out of sight (the reconcile ctx,
			// http.DefaultClient): one finding per place to fix, else one
			// per entry point, bounded once where the entry starts.
			if site, ok := f.fixSite(); ok {
				// One finding per call to fix, whatever values the
				// calls below it lack.
				return "at " + site.Pos
			}
			return "in " + f.Chain[0].Func + ": " + out
		}
	}
	return strings.Join(placed, " and ")
}

// intoDependency starts the madeAt of values a dependency made.
const intoDependency = "into a dependency at "

// madeOutOfSight is the notes of an httptimeout or ctxdeadline finding
// whose values have no place of their own (the reconcile ctx, a default
// client), else "".
func (f Finding) madeOutOfSight() string {
	if f.Check != "httptimeout" && f.Check != "ctxdeadline" {
		return ""
	}
	for _, n := range f.Notes {
		if strings.HasSuffix(n, ")") && strings.Contains(n, ".go:") {
			return ""
		}
	}
	return strings.Join(f.Notes, " and ")
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// OmitRelated keeps the other entry points' chains out of diagnostics, for
// drivers that would print each piece of related information as a finding
// of its own (golangci-lint does). The count stays in the message.
var OmitRelated bool

// Diagnostic is the check's diagnostic for f: the message, then how many
// other entry points reach the same place, whose chains become related
// information (the JSON's related, SARIF's further code flows).
func (f Finding) Diagnostic(category, message string) analysis.Diagnostic {
	d := analysis.Diagnostic{Pos: f.Pos, Category: category, Message: message}
	// Other entry points that reach the same sink, and other sinks (a
	// binding's finding stands for all it leads to).
	others := map[string]bool{}
	calls := map[token.Pos]bool{}
	sinks := 0
	_, atSite := f.fixSite()
	_, atWait := f.waitSite()
	for _, e := range f.Also {
		switch {
		case e.SinkKey() != f.SinkKey(), !atSite && f.madeAt() != "" && e.ReportPos() != f.Effect.ReportPos():
			sinks++
		case atWait && e.ReportPos() != f.Effect.ReportPos():
			calls[e.ReportPos()] = true
		case e.Chain[0].Func != f.Chain[0].Func:
			others[e.Chain[0].Func] = true
		}
	}
	entries := len(others)
	if entries > 0 {
		d.Message += fmt.Sprintf(" (also reached from %d other entry point%s)", entries, plural(entries))
	}
	if n := len(calls); n > 0 {
		d.Message += fmt.Sprintf(" (and through %d other call%s of this package)", n, plural(n))
	}
	if sinks > 0 {
		through := "this call"
		switch {
		case f.Binding != "" && f.BindingAt == "":
			through = "this value"
		case atSite, strings.HasPrefix(f.madeAt(), intoDependency):
		case f.UnderReconcileCtx():
			through = "the same ctx"
		case f.madeAt() != "":
			through = "the same value"
		}
		if f.LoopPlaces {
			d.Message += fmt.Sprintf(" (and %d other wait%s in this loop)", sinks, plural(sinks))
		} else {
			d.Message += fmt.Sprintf(" (and %d other blocking call%s through %s)", sinks, plural(sinks), through)
		}
	}
	for _, e := range f.Also {
		if OmitRelated {
			break
		}
		// Another entry point's place is its entry; another operation's is
		// the deepest call of this package on its way, where it happens.
		pos := e.Chain[0].pos
		what := "also reached: "
		switch {
		case e.SinkKey() != f.SinkKey():
			what = "also blocks in " + e.Sink + ": "
			pos = cmp.Or(e.ReportPos(), pos)
		case atWait && e.ReportPos() != f.Effect.ReportPos():
			pos = e.ReportPos() // another call of this package that leads to the wait
		case e.Chain[0].Func == f.Chain[0].Func:
			// The same entry on another way, under values made
			// elsewhere (another Background()): where it leaves this
			// package.
			what = "also through: "
			pos = cmp.Or(e.ReportPos(), pos)
		}
		if !pos.IsValid() {
			pos = f.Pos
		}
		msg := what + e.ChainString()
		if why := strings.Join(e.Notes, " and "); why != strings.Join(f.Notes, " and ") {
			msg += " (" + why + ")"
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: msg})
	}
	return d
}

// proven is how long the code proves the wait lasts, for ordering: no
// limit first, then the longest total; an unknown length proves nothing.
func (w Wait) proven() time.Duration {
	switch {
	case w.Unbounded:
		return math.MaxInt64
	case w.Unknown:
		return 0
	}
	return w.Total
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// UnboundedMessage is the message of httptimeout and ctxdeadline: what can
// wait forever, the origins of the values that leave it unbounded, the chain
// and the fix.
func UnboundedMessage(f Finding, fix string) string {
	prefix := ""
	if f.Unproven {
		prefix = "possibly (-strict): "
	}
	why := strings.Join(f.Notes, " and ")
	if f.Binding != "" {
		here := "here"
		if f.BindingAt != "" {
			here = "at " + f.BindingAt
		}
		return fmt.Sprintf("%s%s can block the reconcile worker forever: the value bound to %s %s leaves it unbounded (%s): %s; %s",
			prefix, f.Sink, f.Binding, here, why, f.ChainString(), fix)
	}
	where := ""
	if f.InFinalizerBranch {
		where = " in the finalizer branch"
	}
	return fmt.Sprintf("%s%s can block the reconcile worker forever%s: nothing bounds it (%s): %s; %s",
		prefix, f.Sink, where, why, f.ChainString(), fix)
}

// MadeInDependency reports whether every value that leaves e unbounded and
// has a place was made in code past the point where the chain leaves the
// analyzed module (a client that client-go builds for an exec stream), and
// at least one has: no Timeout can be set there, and the fix is a context
// with a deadline at the call that enters the dependency.
func MadeInDependency(e Effect) bool {
	exit := slices.IndexFunc(e.Chain, func(f Frame) bool { return f.Exit })
	if exit < 0 || len(e.Notes) == 0 {
		return false
	}
	inModule, outside := map[string]bool{}, map[string]bool{}
	for i, f := range e.Chain {
		if i <= exit {
			inModule[frameDir(f)] = true
		} else {
			outside[frameDir(f)] = true
		}
	}
	placed := 0
	for _, n := range e.Notes {
		open := strings.LastIndex(n, "(")
		if open < 0 || !strings.HasSuffix(n, ")") || !strings.Contains(n[open:], ".go:") {
			continue // made out of sight (http.DefaultClient, the reconcile ctx): no place of its own
		}
		dir, _, _ := strings.Cut(n[open+1:], "/")
		if !outside[dir] || inModule[dir] {
			return false
		}
		placed++
	}
	return placed > 0
}

// posOf is the position of a frame's call in the package under analysis,
// or in another package of the module (see posElsewhere), or NoPos. Frames
// read from facts carry only the position's text, which this resolves
// against the package's files.
func (w *walker) posOf(f Frame) token.Pos {
	if f.pos.IsValid() || w == nil {
		return f.pos
	}
	dir, rest, _ := strings.Cut(f.Pos, "/")
	file, lineText, _ := strings.Cut(rest, ":")
	line, err := strconv.Atoi(lineText)
	if err != nil {
		return token.NoPos
	}
	if dir == path.Base(w.pass.Pkg.Path()) {
		for _, af := range w.files {
			tf := w.pass.Fset.File(af.Pos())
			if tf == nil || path.Base(tf.Name()) != file || line < 1 || line > tf.LineCount() {
				continue
			}
			return lineCall(af, tf, line)
		}
	}
	return w.posElsewhere(dir, file, line)
}

// framePos is posOf for a frame that a chain names by its text only, when
// the function that encloses that line is the frame's: a frame of a
// dependency whose directory and file names a package of the module
// shares (k8s.io/apimachinery's wait/wait.go and the module's own) is not
// placed in the module's file.
func (w *walker) framePos(f Frame) token.Pos {
	pos := w.posOf(f)
	if f.pos.IsValid() || !pos.IsValid() {
		return pos
	}
	want := f.Func
	if i := strings.LastIndex(want, ")."); i >= 0 {
		want = want[i+2:]
	} else if i := strings.Index(want, "."); i >= 0 {
		want = want[i+1:]
	}
	if i := strings.IndexAny(want, "$["); i >= 0 {
		want = want[:i]
	}
	for _, af := range slices.Concat(w.files, w.elsewhereFiles()) {
		if af == nil || pos < af.FileStart || pos > af.FileEnd {
			continue
		}
		for _, d := range af.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				if fd.Name.Name == want {
					return pos
				}
				return token.NoPos
			}
		}
	}
	return token.NoPos
}

// funcAt is the position of the function that makes a frame's call, in
// the package under analysis or another of the module: the name of its
// declaration, or the func keyword of a literal (the innermost one). A
// frame the files do not hold gives NoPos.
func (w *walker) funcAt(f Frame) token.Pos {
	pos := w.posOf(f)
	if !pos.IsValid() {
		return token.NoPos
	}
	for _, af := range slices.Concat(w.files, w.elsewhereFiles()) {
		if af == nil || pos < af.FileStart || pos > af.FileEnd {
			continue
		}
		found := token.NoPos
		ast.Inspect(af, func(n ast.Node) bool {
			if n == nil || pos < n.Pos() || pos >= n.End() {
				return false
			}
			switch fn := n.(type) {
			case *ast.FuncDecl:
				found = fn.Name.Pos()
			case *ast.FuncLit:
				found = fn.Pos()
			}
			return true
		})
		return found
	}
	return token.NoPos
}

// onChain reports whether the line site names lies in a function that the
// chain passes through (where the frame's call is made).
func (w *walker) onChain(site Frame, chain []Frame) bool {
	fn := w.funcAt(site)
	if !fn.IsValid() {
		return false
	}
	for _, fr := range chain {
		if w.funcAt(fr) == fn {
			return true
		}
	}
	return false
}

// lineCall is the position of the first call on a line of f (where SSA
// puts a call: its opening parenthesis), else the line's start.
func lineCall(f *ast.File, tf *token.File, line int) token.Pos {
	found := token.NoPos
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || tf.Line(n.Pos()) > line || tf.Line(n.End()) < line {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && tf.Line(call.Lparen) == line && (!found.IsValid() || call.Lparen < found) {
			found = call.Lparen
		}
		return true
	})
	return cmp.Or(found, tf.LineStart(line))
}

// Describe says how long the sink waits, for messages.
func (e Effect) Describe() string {
	w := e.Wait
	var s string
	switch {
	case w.Every > 0 && w.Unbounded:
		s = fmt.Sprintf("polls every %v with no time limit", w.Every)
	case w.Unbounded:
		s = "waits with no time limit"
	case w.Every > 0 && !w.Unknown:
		s = fmt.Sprintf("polls every %v for %s", w.Every, span(w.Total))
	case w.Every > 0:
		s = fmt.Sprintf("polls every %v until a limit set at run time", w.Every)
	case w.Unknown && w.Poll:
		s = "polls until a limit set at run time"
	case w.Unknown && e.InLoop:
		return "waits on every turn of a loop that has no limit"
	case w.Unknown: // reported only with -strict
		s = "waits for a time not known statically"
	default:
		s = "waits " + span(w.Total)
	}
	if e.InLoop {
		s += ", in a loop that repeats it"
	}
	return s
}

// span prints a wait's bound, "up to d"; one of years (a backoff of
// math.MaxInt32 steps of 1s is 596523h14m6s) also says what that means in
// practice, and one past what a Duration holds (see longestWait) says so.
func span(d time.Duration) string {
	const year = 365 * 24 * time.Hour
	switch {
	case d == longestWait:
		return fmt.Sprintf("more than %d years: no limit in practice", d/year)
	case d >= year:
		return fmt.Sprintf("up to %v, about %d years: no limit in practice", d, d/year)
	}
	return "up to " + d.String()
}

// ReportPos is where a finding for this effect belongs: the deepest frame of
// the chain that lies in the package under analysis.
func (e Effect) ReportPos() token.Pos {
	if e.boundAt.pos.IsValid() {
		return e.boundAt.pos
	}
	var pos token.Pos
	for _, f := range e.Chain {
		if !f.pos.IsValid() {
			break
		}
		pos = f.pos
	}
	return pos
}

// FixAt is the composite literal of this package that built the client
// without a Timeout, if that is what the effect rests on.
func (e Effect) FixAt() token.Pos { return e.fixAt }
