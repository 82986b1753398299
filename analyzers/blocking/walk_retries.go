package blocking

import (
	"go/constant"
	"go/types"
	"strings"
	"time"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// retryPolicy is what the walk knows of a github.com/cenkalti/backoff
// BackOff, as operators build one: how long each sleep is and what stops
// the retries.
type retryPolicy struct {
	interval      time.Duration // a constant backoff's sleep; an exponential one's first
	multiplier    float64       // 0: every sleep is interval
	randomization float64       // each sleep may be this much longer
	maxInterval   time.Duration // 0: no cap on one sleep
	maxElapsed    time.Duration // 0: no limit on the sleeps in all
	retries       int64         // sleeps at most; -1: no limit
	// intervalFrom and retriesFrom are 1 + the index of the parameter that
	// holds the constant interval or the retries: the callers decide.
	intervalFrom, retriesFrom int
	unknown                   bool
	ctx                       ssa.Value // WithContext's: its deadline ends the retries
}

// exponentialDefaults is NewExponentialBackOff() in v4 and v5 (v5 has no
// elapsed-time limit on the BackOff; its Retry has one).
func exponentialDefaults(major string) retryPolicy {
	p := retryPolicy{interval: 500 * time.Millisecond, multiplier: 1.5, randomization: 0.5,
		maxInterval: 60 * time.Second, retries: -1}
	if major == "v4" {
		p.maxElapsed = 15 * time.Minute
	}
	return p
}

// retryWait is how long a modelled Retry sleeps in all, from its BackOff
// (v4) or its options (v5).
func (w *walker) retryWait(entry *model.Func, v ssa.Value) Wait {
	if strings.HasPrefix(entry.Name, model.CenkaltiPkgs[1]+".") {
		return w.retryOptions(v).wait()
	}
	return w.retryPolicyOf(v).wait()
}

// retryContext is the ctx a v4 BackOff was given by WithContext, whose
// deadline ends the retries, or nil.
func (w *walker) retryContext(entry *model.Func, v ssa.Value) ssa.Value {
	if strings.HasPrefix(entry.Name, model.CenkaltiPkgs[1]+".") {
		return nil // v5's ctx is Retry's own parameter
	}
	return w.retryPolicyOf(v).ctx
}

// wait turns the policy into the longest time its sleeps take.
func (p retryPolicy) wait() Wait {
	switch {
	case p.unknown:
		return Wait{Unknown: true}
	case p.intervalFrom > 0:
		w := Wait{Unknown: true, From: p.intervalFrom, TimesFrom: p.retriesFrom}
		if p.retries > 0 {
			w.Times = p.retries
		}
		if p.retries < 0 && p.retriesFrom == 0 && p.maxElapsed == 0 {
			return Wait{Unbounded: true}
		}
		return w
	case p.retriesFrom > 0:
		return Wait{Unknown: true}
	case p.retries < 0 && p.maxElapsed == 0:
		return Wait{Unbounded: true} // retries until the operation succeeds
	case p.retries < 0:
		return Wait{Total: p.maxElapsed}
	}
	var total time.Duration
	next := float64(p.interval)
	for i := range p.retries {
		sleep := next
		if p.maxInterval > 0 {
			sleep = min(sleep, float64(p.maxInterval))
		}
		each := floatWait(sleep * (1 + max(p.randomization, 0)))
		if p.multiplier == 0 || p.multiplier == 1 || p.maxInterval > 0 && sleep == float64(p.maxInterval) {
			// Every sleep from here is this one: the rest at once (retries
			// may be math.MaxInt32).
			total = addWaits(total, timesWait(each, p.retries-i))
			break
		}
		total = addWaits(total, each)
		if each == 0 {
			break // a shrinking backoff whose sleeps no longer add
		}
		if p.maxElapsed > 0 && total >= p.maxElapsed || total == longestWait {
			break
		}
		next *= p.multiplier
	}
	if p.maxElapsed > 0 && total >= p.maxElapsed {
		return Wait{Total: p.maxElapsed}
	}
	return Wait{Total: total}
}

// retryPolicyOf evaluates a BackOff value: NewConstantBackOff(d),
// NewExponentialBackOff(opts...) and the fields then set on it, a
// composite literal of either type, WithMaxRetries(b, n), WithContext(b, ctx).
func (w *walker) retryPolicyOf(v ssa.Value) retryPolicy {
	switch v := v.(type) {
	case *ssa.MakeInterface:
		return w.retryPolicyOf(v.X)
	case *ssa.ChangeType:
		return w.retryPolicyOf(v.X)
	case *ssa.Alloc: // &backoff.ExponentialBackOff{...}: unset fields are zero
		switch cenkaltiType(v.Type()) {
		case "ExponentialBackOff", "ConstantBackOff":
			return retryPolicy{retries: -1}.withFields(v)
		case "ZeroBackOff":
			return retryPolicy{retries: -1} // retries at once until the operation succeeds
		case "StopBackOff":
			return retryPolicy{retries: 0} // never retries
		}
	case *ssa.Call:
		callee := ssaflow.CalleeObject(v.Call)
		if callee == nil || callee.Pkg() == nil {
			break
		}
		major := cenkaltiMajor(callee.Pkg().Path())
		if major == "" {
			break
		}
		args := v.Call.Args
		switch name := callee.Name(); {
		case len(args) < arity[name]:
			// Another signature than the one the model knows.
		case name == "NewConstantBackOff":
			p := retryPolicy{retries: -1}
			p.interval, p.intervalFrom, p.unknown = durationArg(w.constantOr(args[0]))
			return p.withFields(v)
		case name == "NewExponentialBackOff":
			p := exponentialDefaults(major)
			if len(args) > 0 {
				opts, ok := variadicValues(args[0])
				p.unknown = !ok
				for _, opt := range opts {
					p.apply(opt)
				}
			}
			return p.withFields(v)
		case name == "WithMaxRetries":
			p := w.retryPolicyOf(args[0])
			if n, ok := constIntValue(w.constantOr(args[1])); ok {
				p.retries = capRetries(p.retries, n)
			} else if i := paramIndex(args[1]); i > 0 {
				p.retriesFrom = i
			} else {
				p.unknown = true
			}
			return p
		case name == "WithContext":
			p := w.retryPolicyOf(args[0])
			p.ctx = args[1]
			return p
		}
	}
	return retryPolicy{unknown: true}
}

// arity is how many arguments the constructors retryPolicyOf reads take.
var arity = map[string]int{"NewConstantBackOff": 1, "WithMaxRetries": 2, "WithContext": 2}

// retryOptions evaluates v5's Retry options: WithBackOff, WithMaxTries and
// WithMaxElapsedTime, over the defaults (an exponential backoff, 15
// minutes in all).
func (w *walker) retryOptions(opts ssa.Value) retryPolicy {
	p := exponentialDefaults("v5")
	p.maxElapsed = 15 * time.Minute
	tries := int64(-1)
	values, ok := variadicValues(opts)
	p.unknown = !ok
	for _, opt := range values {
		call, ok := opt.(*ssa.Call)
		if !ok {
			p.unknown = true // an option made elsewhere
			continue
		}
		callee := ssaflow.CalleeObject(call.Call)
		if callee == nil || callee.Pkg() == nil || cenkaltiMajor(callee.Pkg().Path()) == "" {
			p.unknown = true
			continue
		}
		if len(call.Call.Args) != 1 {
			p.unknown = true
			continue
		}
		switch callee.Name() {
		case "WithBackOff":
			elapsed, unknown := p.maxElapsed, p.unknown
			p = w.retryPolicyOf(call.Call.Args[0])
			p.maxElapsed, p.unknown = elapsed, p.unknown || unknown
		case "WithMaxTries":
			if n, ok := constIntValue(w.constantOr(call.Call.Args[0])); ok && n > 0 {
				tries = n
			} else {
				p.unknown = true
			}
		case "WithMaxElapsedTime":
			d, from, unknown := durationArg(w.constantOr(call.Call.Args[0]))
			p.maxElapsed, p.unknown = d, p.unknown || unknown || from > 0
		}
		// WithNotify and the others set nothing that bounds.
	}
	if tries > 0 {
		p.retries = capRetries(p.retries, tries-1) // n tries sleep n-1 times
	}
	return p
}

// apply sets what an option of v4's NewExponentialBackOff sets.
func (p *retryPolicy) apply(opt ssa.Value) {
	call, ok := opt.(*ssa.Call)
	if !ok {
		p.unknown = true
		return
	}
	callee := ssaflow.CalleeObject(call.Call)
	if callee == nil || len(call.Call.Args) != 1 {
		p.unknown = true
		return
	}
	p.set(strings.TrimPrefix(callee.Name(), "With"), call.Call.Args[0])
}

// withFields applies the constant fields stored into the backoff at addr
// (bo.MaxInterval = 2 * time.Second), the literal's or the constructor's.
func (p retryPolicy) withFields(addr ssa.Value) retryPolicy {
	for _, ref := range *addr.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != addr {
			continue
		}
		field := fa.X.Type().(*types.Pointer).Elem().Underlying().(*types.Struct).Field(fa.Field).Name()
		for _, r := range *fa.Referrers() {
			if store, ok := r.(*ssa.Store); ok && store.Addr == fa {
				p.set(field, store.Val)
			}
		}
	}
	return p
}

// set gives the policy's field of that name the value v, which must be a
// constant; a field the policy does not need is left alone.
func (p *retryPolicy) set(field string, v ssa.Value) {
	c, ok := v.(*ssa.Const)
	known := ok && c.Value != nil
	switch field {
	case "InitialInterval", "Interval":
		if known {
			p.interval = time.Duration(c.Int64())
		}
	case "MaxInterval":
		if known {
			p.maxInterval = time.Duration(c.Int64())
		}
	case "MaxElapsedTime":
		if known {
			p.maxElapsed = time.Duration(c.Int64())
		}
	case "Multiplier":
		if known {
			p.multiplier = c.Float64()
		}
	case "RandomizationFactor":
		if known {
			p.randomization = c.Float64()
		}
	default:
		return
	}
	if !known {
		p.unknown = true
	}
}

// capRetries is the smaller limit of two, -1 meaning none.
func capRetries(limit, n int64) int64 {
	if limit < 0 {
		return n
	}
	return min(limit, n)
}

// durationArg is a duration argument: its constant value, or 1 + the index
// of the parameter it comes from, or unknown.
func durationArg(v ssa.Value) (time.Duration, int, bool) {
	if d, ok := constDuration(v); ok {
		return d, 0, false
	}
	if i := paramIndex(v); i > 0 {
		return 0, i, false
	}
	return 0, 0, true
}

func constIntValue(v ssa.Value) (int64, bool) {
	for {
		conv, ok := v.(*ssa.Convert)
		if !ok {
			break
		}
		v = conv.X
	}
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(c.Value)
}

// variadicValues are the values passed in a variadic parameter: the
// elements stored into the array its slice is made of. A nil slice has
// none; a slice made elsewhere (opts... passed on) is not known: false.
func variadicValues(v ssa.Value) ([]ssa.Value, bool) {
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return nil, true
	}
	s, ok := v.(*ssa.Slice)
	if !ok {
		return nil, false
	}
	arr, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	var vals []ssa.Value
	for _, ref := range *arr.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, r := range *ia.Referrers() {
			if store, ok := r.(*ssa.Store); ok && store.Addr == ia {
				vals = append(vals, store.Val)
			}
		}
	}
	return vals, true
}

// cenkaltiMajor is "v4" or "v5" for the cenkalti/backoff packages the
// model knows, else "".
func cenkaltiMajor(path string) string {
	for _, p := range model.CenkaltiPkgs {
		if path == p {
			return p[strings.LastIndex(p, "/")+1:]
		}
	}
	return ""
}

// cenkaltiType names the cenkalti/backoff type that t points to.
func cenkaltiType(t types.Type) string {
	ptr, ok := t.(*types.Pointer)
	if !ok {
		return ""
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || cenkaltiMajor(named.Obj().Pkg().Path()) == "" {
		return ""
	}
	return named.Obj().Name()
}
