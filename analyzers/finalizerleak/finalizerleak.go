// Package finalizerleak reports finalizers removed although the cleanup
// they guard failed: the error of the external cleanup call is dropped on
// the way to the removal.
package finalizerleak

import (
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"strconv"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/finalizerrequeue"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

const Doc = `report finalizers removed although the cleanup failed

A finalizer exists so that an external resource (a bucket, a DNS record, a
cloud load balancer) is deleted before its Kubernetes object goes. When the
deletion branch calls the external cleanup, drops its error (assigns it to
_, only logs it, or checks it in a branch that falls through) and removes
the finalizer anyway, a failed cleanup deletes the object while the
resource stays: it leaks, and nothing retries or tells anyone. The check
follows each path from a cleanup call in the deletion branch (guarded by the
deletion timestamp), or in a helper of the same package it calls, to
controllerutil.RemoveFinalizer, SetFinalizers or an assignment to
Finalizers, and reports the removal when, on some path, the cleanup's error
may be non-nil there. It also reports a removal after a call of a helper
of the package whose error is nil there, when the helper, on a path where
its cleanup failed (not with a NotFound), returns nil or nothing: the
helper swallowed the error. The error is followed through the variable a
loop keeps it in, a failure flag (failed = true under if err != nil, tested
before the removal), errors.As/errors.Is with a target that is not a
NotFound, unwrappers (errors.Cause(err) stands for err) and helpers whose
results are returned. A cleanup call before the
deletion branch counts when the branch runs only under its failure
(if err != nil { if deleting { remove } }). A branch that returns (the error, or a requeue)
is fine, and so is an error known to mean the resource is gone: IsNotFound(err),
errors.Is(err, ErrNotFound), errors.As(err, &EntityNotFound{}),
client.IgnoreNotFound(err) == nil. Calls of the
Kubernetes client, of API types' methods, of logging, of most of the
standard library, and of functions handed an error to transform
(errors.Wrap) are not cleanup calls.`

const name = "finalizerleak"

var Analyzer = &analysis.Analyzer{
	Name:     name,
	Doc:      Doc,
	URL:      "https://github.com/reconcilelint/reconcilelint#finalizerleak",
	Requires: []*analysis.Analyzer{blocking.Analyzer, finalizerrequeue.Analyzer},
	Run:      blocking.SafeRun(run),
}

const fix = "return the error (or ctrl.Result{RequeueAfter: d}) until the cleanup succeeds, then remove the finalizer; treat only NotFound as done"

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		pass:      pass,
		result:    pass.ResultOf[blocking.Analyzer].(*blocking.Result),
		removes:   make(map[*ssa.Function]bool),
		cleanups:  make(map[*ssa.Function]bool),
		swallowed: make(map[*ssa.Function]*swallow),
		apis:      make(map[*types.Package]bool),
		notes:     make(map[place]note),
	}
	deletions, _ := pass.ResultOf[finalizerrequeue.Analyzer].(*finalizerrequeue.Result)
	for _, entry := range c.result.Entries {
		if !ssaflow.ReturnsResult(entry.Func) {
			continue
		}
		blocking.Guard(pass, entry.Name, entry.Func.Pos(), func() {
			region := make(map[*ssa.BasicBlock]bool)
			c.deleted, c.removes = nil, make(map[*ssa.Function]bool)
			for _, t := range deletions.DeletionTests(c.result, entry.Func) {
				maps.Copy(region, t.Region())
				c.deleted = append(c.deleted, t.Object)
			}
			if len(region) > 0 {
				c.walk(entry.Func, region, nil, map[*ssa.Function]bool{entry.Func: true})
			}
		})
	}
	for _, f := range blocking.Merge(c.found) {
		chain := f.Effect
		chain.Sink = "" // the chain ends at the removal; the sink names the cleanup
		n := c.notes[place{f.Pos, f.Sink}]
		pass.Report(f.Diagnostic(name, fmt.Sprintf("%s removed although %s may have failed: %s, so the external resource leaks: %s; %s",
			n.finalizer, f.Sink, n.how, chain.ChainString(), fix)))
	}
	return nil, nil
}

type checker struct {
	pass      *analysis.Pass
	result    *blocking.Result
	removes   map[*ssa.Function]bool     // memo of removesFinalizer, for the entry's deleted types
	deleted   []types.Type               // the types of the objects the entry's deletion tests test; nil: unknown
	cleanups  map[*ssa.Function]bool     // memo of cleansUp
	swallowed map[*ssa.Function]*swallow // memo of swallows
	apis      map[*types.Package]bool    // memo of apiTypes
	found     []blocking.Finding
	notes     map[place]note
}

// place is a finding's removal and cleanup call.
type place struct {
	pos     token.Pos
	cleanup string
}

// note is what a finding's message says besides its chain.
type note struct {
	finalizer string // the finalizer's name
	how       string // how the cleanup's error is dropped
}

// walk checks the removals in the region of fn, reached through the frames
// of prefix, and goes on into the helpers of this package the region calls,
// whose whole bodies run in the deletion branch.
func (c *checker) walk(fn *ssa.Function, region map[*ssa.BasicBlock]bool, prefix []blocking.Frame, seen map[*ssa.Function]bool) {
	var removals []ssa.Instruction
	var cleanups, helpers, before []*ssa.Call
	for _, b := range fn.Blocks {
		if !region[b] {
			// A cleanup before the deletion branch counts when the branch
			// runs only after it failed (failsInto).
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok && c.cleanupCall(&call.Call) {
					before = append(before, call)
				}
			}
			continue
		}
		for _, instr := range b.Instrs {
			if c.removal(instr) {
				removals = append(removals, instr)
			}
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if c.cleanupCall(&call.Call) {
				cleanups = append(cleanups, call)
			}
			if callee := c.local(&call.Call); callee != nil && c.swallows(callee) != nil {
				helpers = append(helpers, call)
			}
			if callee := c.local(&call.Call); callee != nil && !seen[callee] {
				seen[callee] = true
				all := make(map[*ssa.BasicBlock]bool, len(callee.Blocks))
				for _, cb := range callee.Blocks {
					all[cb] = true
				}
				c.walk(callee, all, append(prefix[:len(prefix):len(prefix)], c.result.Frame(fn, call.Pos())), seen)
			}
		}
	}
	report := func(r ssa.Instruction, sink, how string) {
		pos := removalPos(r)
		c.notes[place{pos, sink}] = note{finalizer: finalizerName(r), how: how}
		chain := append(prefix[:len(prefix):len(prefix)], c.result.Frame(fn, pos))
		c.found = append(c.found, blocking.Finding{Effect: blocking.Effect{Check: name, Sink: sink, Chain: chain}, Pos: pos})
	}
	for _, r := range removals {
		for _, call := range cleanups {
			if how, ok := c.dropped(call, r); ok {
				report(r, calleeName(&call.Call), how)
			}
		}
		for _, call := range before {
			if c.failsInto(call, r) {
				report(r, calleeName(&call.Call), "its error is checked, and the finalizer is removed on the branch where it is not nil")
			}
		}
		// A helper that swallowed the cleanup's error said all went well.
		for _, call := range helpers {
			if c.helperLeaks(call, r) {
				s := c.swallows(c.local(&call.Call))
				report(r, s.cleanup, s.how)
			}
		}
	}
}

// failsInto reports whether removal runs only after call failed: it sits
// under the branch where the call's error was found not nil (and is not a
// NotFound there), so the finalizer goes because the call failed:
//
//	if err := pki.ReconcileUserCertificate(ctx, user); err != nil {
//		if deleting(user) {
//			return r.removeFinalizer(ctx, user)
//		}
//	}
func (c *checker) failsInto(call *ssa.Call, removal ssa.Instruction) bool {
	u := c.errorUses(call)
	return !u.unknown && u.afterFailure(removal.Block()) && reach(call, is(removal), u)&failing != 0
}

// removalPos is where a removal is reported: the call, or the assignment.
func removalPos(instr ssa.Instruction) token.Pos {
	if call, ok := instr.(*ssa.Call); ok {
		return call.Pos()
	}
	return instr.Pos()
}

// finalizerName names the finalizer removed, for messages: the constant
// given to RemoveFinalizer, when it is one.
func finalizerName(instr ssa.Instruction) string {
	if call, ok := instr.(*ssa.Call); ok && isControllerutil(call.Call.StaticCallee(), "RemoveFinalizer") && len(call.Call.Args) == 2 {
		if k, ok := call.Call.Args[1].(*ssa.Const); ok && k.Value != nil {
			if s, err := strconv.Unquote(k.Value.ExactString()); err == nil {
				return "finalizer " + strconv.Quote(s)
			}
		}
	}
	return "the finalizer"
}
