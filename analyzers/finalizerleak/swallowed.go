package finalizerleak

import "golang.org/x/tools/go/ssa"

// swallow is how a helper of this package hides a failed cleanup from its
// callers: on some path the cleanup's error may be non-nil (and not a
// NotFound), and the helper returns a nil error, or returns nothing at all.
type swallow struct {
	cleanup string // the cleanup call whose error is dropped
	how     string // how, and where
}

// swallows reports whether fn swallows a cleanup's error: a cleanup call
// of fn, or a call of a helper that swallows one, reaches a return that
// says all went well. Such a return has a nil error and only constants
// besides (ctrl.Result{}, false); a helper that asks for a retry through
// its other results (ctrl.Result{RequeueAfter: d}) does not swallow.
func (c *checker) swallows(fn *ssa.Function) *swallow {
	if s, ok := c.swallowed[fn]; ok {
		return s
	}
	c.swallowed[fn] = nil // recursion: assume not
	ok := successReturn(fn)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, isCall := instr.(*ssa.Call)
			if !isCall {
				continue
			}
			if local := c.local(&call.Call); local != nil && local != fn {
				if inner := c.swallows(local); inner != nil {
					u := c.errorUses(call)
					if !u.unknown && reach(call, ok, u)&(untested|failing|fine) != 0 {
						c.swallowed[fn] = inner
						return inner
					}
					continue
				}
			}
			if !c.cleanupCall(&call.Call) {
				continue
			}
			u := c.errorUses(call)
			if u.unknown {
				continue
			}
			at := reach(call, ok, u)
			if at&(untested|failing) == 0 {
				continue
			}
			frame := c.result.Frame(fn, call.Pos())
			returns := "returns nil"
			if !returnsError(fn) {
				returns = "returns nothing"
			}
			var how string
			switch {
			case len(u.logged) > 0:
				how = "its error is only logged in " + frame.Func + " (" + c.result.Frame(fn, u.logged[0]).Pos + "), which then " + returns
			case at&failing != 0:
				how = "its error is checked in " + frame.Func + " (" + frame.Pos + ") but that branch " + returns
			default:
				how = "its error is discarded in " + frame.Func + " (" + frame.Pos + "), which " + returns
			}
			s := &swallow{cleanup: calleeName(&call.Call), how: how}
			c.swallowed[fn] = s
			return s
		}
	}
	return nil
}

// successReturn matches the returns of fn that tell its callers all went
// well: a nil error and constants besides, or, when fn returns no error,
// constants only (a bare return).
func successReturn(fn *ssa.Function) func(ssa.Instruction) bool {
	errResult := returnsError(fn)
	return func(instr ssa.Instruction) bool {
		ret, ok := instr.(*ssa.Return)
		if !ok || ret.Parent() != fn {
			return false
		}
		for i, v := range ret.Results {
			k, ok := v.(*ssa.Const)
			if !ok || errResult && i == len(ret.Results)-1 && !k.IsNil() {
				return false
			}
		}
		return true
	}
}

func returnsError(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	return res.Len() > 0 && isError(res.At(res.Len()-1).Type())
}

// helperLeaks reports whether removal runs after call, a call of a helper
// that swallows a cleanup's error, on a path where the helper's error is
// nil (or it returns none): the helper said all went well. A removal guarded
// by the helper's other results (done) read what it said, and one after an
// unchecked error is the plain case, reported as that.
func (c *checker) helperLeaks(call *ssa.Call, removal ssa.Instruction) bool {
	u := c.errorUses(call)
	if u.unknown {
		return false
	}
	at := reach(call, is(removal), u)
	sig := call.Call.Signature()
	if res := sig.Results(); res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return at&untested != 0
	}
	return at&fine != 0 && at&(untested|failing) == 0
}
