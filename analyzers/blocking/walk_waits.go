package blocking

import (
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// waitOf computes how long a call to a modelled API waits, from the
// arguments whose values are constant where the call is made.
func (w *walker) waitOf(entry *model.Func, args []ssa.Value) Wait {
	wait := Wait{Unbounded: entry.Unbounded}
	known := func(d time.Duration, ok bool) time.Duration {
		if !ok {
			wait.Unknown = true
		}
		return d
	}
	for i, role := range entry.Params {
		if i >= len(args) {
			wait.Unknown = true
			break
		}
		switch role {
		case model.Duration, model.Timeout:
			wait.Total = known(constDuration(w.constantOr(args[i])))
			if wait.Unknown && wait.From == 0 {
				wait.From = paramIndex(args[i])
			}
		case model.Interval:
			wait.Poll = true
			var ok bool
			if wait.Every, ok = constDuration(w.constantOr(args[i])); !ok {
				wait.everyFrom = paramIndex(args[i])
				wait.everyUnknown = true
			}
		case model.Backoff:
			b, ok := w.backoffOf(args[i])
			wait.Total = known(b.total(), ok)
		case model.RetryPolicy:
			wait = w.retryWait(entry, args[i])
		}
	}
	if args == nil && len(entry.Params) > 0 { // a timer whose constructor is out of sight
		wait.Unknown = true
	}
	return wait
}

// boundByDeadline applies to e, a wait with no limit of its own that ends
// when its ctx is done, what is known of that ctx: a deadline a constant
// sets bounds the wait (context.WithTimeout(ctx, 3*time.Minute) then
// wait.PollUntilContextCancel(ctx, ...) waits up to 3m); a deadline of
// unknown length bounds it for a time not known statically; a ctx that
// comes from a parameter is decided by the callers.
// It reports false when the effect cannot happen: one that exists only if
// the ctx has a deadline (see Effect.DeadlineOnly), for a ctx without one;
// one that exists only if it has none (Effect.UnlessDeadline), for a ctx
// with one.
func (w *walker) boundByDeadline(e *Effect, p Prov) bool {
	e.DeadlineFrom = nil
	switch p.Kind {
	case Has:
		if e.UnlessDeadline {
			return false
		}
		e.Wait.Unbounded, e.DeadlineOnly = false, false
		e.Wait.Total, e.Wait.Unknown = p.deadline, p.deadline <= 0
		return true
	case FromParam:
		e.DeadlineFrom = &Requirement{Prop: HasDeadline, Param: p.Param, Free: p.Free, Path: p.Path}
		return true
	}
	return !e.DeadlineOnly
}

// fromCaller decides what the callee's parameters left open (From,
// TimesFrom) with the caller's arguments, arg(i) being the argument for
// parameter i-1: a constant decides it, a parameter of the caller passes it
// on, anything else leaves the wait unknown.
func (w Wait) fromCaller(arg func(int) ssa.Value) Wait {
	if w.TimesFrom > 0 {
		v := arg(w.TimesFrom)
		w.TimesFrom = 0
		if n, ok := constIntValue(v); ok && n >= 0 {
			w.Times = timesCount(max(w.Times, 1), n)
		} else if w.TimesFrom = paramIndex(v); w.TimesFrom == 0 {
			if w.From == 0 && w.Unknown && w.Total > 0 {
				// A count out of sight, of turns whose wait is known: one
				// turn, as a loop over a collection weighs.
				return Wait{Total: w.Total, Every: w.Every, Poll: w.Poll}
			}
			return Wait{Unknown: true, Poll: w.Poll} // a count out of sight
		}
		if w.TimesFrom == 0 && w.From == 0 && w.Unknown && w.Total > 0 {
			// The length was decided by a caller below: now the count is.
			return w.fromParam(w.Total)
		}
	}
	if w.From > 0 {
		v := arg(w.From)
		w.From = 0
		if d, ok := constDuration(v); ok {
			if w.TimesFrom > 0 {
				w.Total = d // one wait's length; the count is still the callers'
				return w
			}
			return w.fromParam(d)
		}
		w.From = paramIndex(v)
	}
	return w
}

// paramIndex is 1 + the index of v among its function's parameters, or 0
// when v is not a parameter.
func paramIndex(v ssa.Value) int {
	p, ok := v.(*ssa.Parameter)
	if !ok {
		return 0
	}
	for i, q := range p.Parent().Params {
		if q == p {
			return i + 1
		}
	}
	return 0
}

func constDuration(v ssa.Value) (time.Duration, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	d, exact := constant.Int64Val(c.Value)
	return time.Duration(d), exact
}

// backoff mirrors k8s.io/apimachinery/pkg/util/wait.Backoff.
type backoff struct {
	steps    int64
	duration time.Duration
	factor   float64
	jitter   float64
	cap      time.Duration
}

// total is the longest that wait.ExponentialBackoff (which retry.OnError and
// RetryOnConflict use) sleeps with this backoff: one sleep between each pair
// of attempts, each stretched by the jitter, growing by the factor until it passes cap.
// A backoff whose sleeps stop growing is summed at once: Steps is often
// math.MaxInt32.
func (b backoff) total() time.Duration {
	var sum float64
	d := float64(b.duration)
	stretch := 1 + max(b.jitter, 0)
	for step := int64(1); step < b.steps; step++ {
		if b.factor == 0 || b.factor == 1 {
			sum += d * stretch * float64(b.steps-step) // every sleep from here is d
			break
		}
		sum += d * stretch
		d *= b.factor
		if b.cap > 0 && d > float64(b.cap) {
			break // delay() ends the backoff once the next step passes cap
		}
		if sum >= float64(longestWait) || d*stretch < 1 {
			break // no limit in practice, or sleeps that no longer add
		}
	}
	return floatWait(sum)
}

// backoffOf evaluates a wait.Backoff argument: a package variable the model
// knows, or a composite literal whose fields are constants.
func (w *walker) backoffOf(v ssa.Value) (backoff, bool) {
	if c, ok := v.(*ssa.Const); ok && c.Value == nil {
		return backoff{}, true // the zero Backoff
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return backoff{}, false
	}
	switch addr := load.X.(type) {
	case *ssa.Global:
		if obj, ok := addr.Object().(*types.Var); ok && obj.Pkg() != nil {
			if known := w.table.Backoff(model.PkgPath(obj.Pkg()) + "." + obj.Name()); known != nil {
				return backoff{int64(known.Steps), known.Duration, known.Factor, known.Jitter, known.Cap}, true
			}
		}
		if init := w.pkg.Func("init"); init != nil && addr.Pkg == w.pkg {
			// The package initializer builds the value in a temporary and
			// stores it whole, or stores its fields one by one.
			instrs := allInstrs(init)
			for _, instr := range instrs {
				if store, ok := instr.(*ssa.Store); ok && store.Addr == addr {
					return w.backoffOf(store.Val)
				}
			}
			return fieldsStored(addr, instrs)
		}
	case *ssa.Alloc:
		return fieldsStored(addr, *addr.Referrers())
	}
	return backoff{}, false
}

func allInstrs(fn *ssa.Function) []ssa.Instruction {
	var instrs []ssa.Instruction
	for _, b := range fn.Blocks {
		instrs = append(instrs, b.Instrs...)
	}
	return instrs
}

// fieldsStored reads the constant fields stored into the struct at addr by
// instrs. Any non-constant store makes the value unknown.
func fieldsStored(addr ssa.Value, instrs []ssa.Instruction) (backoff, bool) {
	var b backoff
	st, ok := addr.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return b, false
	}
	for _, instr := range instrs {
		fa, ok := instr.(*ssa.FieldAddr)
		if !ok || fa.X != addr {
			continue
		}
		for _, ref := range *fa.Referrers() {
			store, ok := ref.(*ssa.Store)
			if !ok || store.Addr != fa {
				continue
			}
			c, ok := store.Val.(*ssa.Const)
			if !ok {
				return b, false
			}
			switch st.Field(fa.Field).Name() {
			case "Duration":
				b.duration = time.Duration(c.Int64())
			case "Cap":
				b.cap = time.Duration(c.Int64())
			case "Steps":
				b.steps = c.Int64()
			case "Factor":
				b.factor = c.Float64()
			case "Jitter":
				b.jitter = c.Float64()
			}
		}
	}
	return b, true
}

// constantOr is the constant v is (see valueOrigins.constant), else v.
func (w *walker) constantOr(v ssa.Value) ssa.Value {
	if v == nil {
		return nil
	}
	if c := w.values.constant(v); c != nil {
		return c
	}
	return v
}
