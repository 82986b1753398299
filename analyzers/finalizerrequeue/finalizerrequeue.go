// Package finalizerrequeue reports finalizer branches that return without
// asking to be called again while the finalizer is still set.
package finalizerrequeue

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

const Doc = `report finalizer branches that leave the object Terminating

A Reconcile that sees the object being deleted, starts the cleanup of an
external resource and returns ctrl.Result{} with a nil error while its
finalizer is still set is not called again until some unrelated event
arrives: the object stays Terminating. The check follows every path through
the deletion branch (guarded by the deletion timestamp, directly, through a
bool helper, or through an interface method whose converted implementations
are such helpers) and through the helpers whose results the branch returns,
and into a helper returning an error whose own deletion branch returns a nil
error that Reconcile turns into ctrl.Result{} (a typed requeue error it
turns into RequeueAfter is a requeue); it tracks whether the finalizer may
still be set (the object's type keeps one; ContainsFinalizer tests,
RemoveFinalizer, SetFinalizers, AddFinalizer), in the reconcilers that add,
remove or test a finalizer themselves, directly or through calls the engine
decides (a second controller of the type leaves the deleted object to the
one that holds it; one that may own it only through calls the engine cannot
decide is checked under -blocking.strict, marked "possibly (-strict)"), and
reports each return of a nil error and a Result with neither RequeueAfter nor
Requeue on a path where it is. Return ctrl.Result{RequeueAfter: d} until the
cleanup is confirmed, then remove the finalizer.`

const name = "finalizerrequeue"

var Analyzer = &analysis.Analyzer{
	Name:       name,
	Doc:        Doc,
	URL:        "https://github.com/reconcilelint/reconcilelint#finalizerrequeue",
	Requires:   []*analysis.Analyzer{blocking.Analyzer},
	Run:        blocking.SafeRun(run),
	FactTypes:  []analysis.Fact{(*Returns)(nil)},
	ResultType: reflect.TypeFor[*Result](),
}

// Result is what the check offers the checks that require it: the deletion
// tests that other packages declare (their facts), so that a
// k8sutil.IsMarkedForDeletion(obj.ObjectMeta) opens a deletion branch for
// them too. A nil *Result (the check failed on the package) knows none.
type Result struct {
	imported ssaflow.ImportedDeletionTest
}

// DeletionTests lists fn's deletion tests, those of helpers of other
// packages included.
func (r *Result) DeletionTests(engine *blocking.Result, fn *ssa.Function) []ssaflow.DeletionTest {
	var imported ssaflow.ImportedDeletionTest
	if r != nil {
		imported = r.imported
	}
	return engine.DeletionTests(fn, imported)
}

// Returns is the fact for a function of another package that a finalizer
// branch may return through: the returns that would leave the finalizer set,
// were the function called in a finalizer branch, and whether it removes a
// finalizer.
type Returns struct {
	Bad              []blocking.Effect // a chain from the function to each such return
	RemovesFinalizer bool
	// AddsFinalizer says the function adds a finalizer to an object it is
	// given (a shared EnsureFinalizer): the objects callers pass keep one.
	AddsFinalizer bool
	// Deletion, when not 0, says the function is a deletion test of its
	// parameter |Deletion|-1 (k8sutil.IsMarkedForDeletion(obj.ObjectMeta)),
	// true while the object is being deleted if Deletion > 0.
	Deletion int
	// Tests, when not 0, says the function is a presence test: it returns
	// true only where an element of its parameter Tests-1, a slice, equals
	// what it looks for (utils.ContainsString).
	Tests int
}

func (*Returns) AFact() {}

func (r *Returns) String() string {
	if r.Deletion != 0 {
		return fmt.Sprintf("finalizer(deletion test of param %d, deleting when %v)", max(r.Deletion, -r.Deletion)-1, r.Deletion > 0)
	}
	if r.Tests > 0 && !r.RemovesFinalizer && len(r.Bad) == 0 {
		return fmt.Sprintf("finalizer(tests param %d)", r.Tests-1)
	}
	s := fmt.Sprintf("removes=%v", r.RemovesFinalizer)
	if r.AddsFinalizer {
		s += "; adds"
	}
	for _, e := range r.Bad {
		s += "; returns at " + e.ChainString()
	}
	return "finalizer(" + s + ")"
}

func run(pass *analysis.Pass) (any, error) {
	result := pass.ResultOf[blocking.Analyzer].(*blocking.Result)
	c := &checker{
		pass:    pass,
		result:  result,
		helpers: make(map[*ssa.Function][]blocking.Effect),
		removes: make(map[*ssa.Function]bool),
		changes: make(map[*ssa.Function]change),
		testing: make(map[*ssa.Function]bool),

		errHelpers: make(map[errKey][]blocking.Effect),
	}
	for _, fn := range result.Funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() {
			continue // other packages cannot call it
		}
		blocking.Guard(pass, obj.FullName(), fn.Pos(), func() {
			fact := &Returns{RemovesFinalizer: c.removesFinalizer(fn), AddsFinalizer: c.addsFinalizer(fn), Tests: c.testedSlice(fn)}
			if ssaflow.ReturnsResult(fn) {
				fact.Bad = c.helperReturns(fn)
			}
			if when, param, ok := ssaflow.HelperDeletionTest(fn, c.importedDeletionTest); ok {
				fact.Deletion = param + 1
				if !when {
					fact.Deletion = -fact.Deletion
				}
			}
			if len(fact.Bad) > 0 || fact.RemovesFinalizer || fact.AddsFinalizer || fact.Tests > 0 || fact.Deletion != 0 {
				pass.ExportObjectFact(obj, fact)
			}
		})
	}
	// found holds the findings of entries that own a finalizer; unproven,
	// under -strict, those of entries that may own one only through calls
	// the engine cannot decide.
	var found, unproven []blocking.Finding
	for _, entry := range result.Entries {
		if !ssaflow.ReturnsResult(entry.Func) || !c.managesFinalizers() {
			continue
		}
		undecided := false
		owns := c.ownsFinalizer(entry.Func, map[*ssa.Function]bool{}, &undecided)
		if !owns && !(undecided && blocking.Strict()) {
			continue
		}
		blocking.Guard(pass, entry.Name, entry.Func.Pos(), func() {
			region, held := c.deletionRegions(entry.Func)
			for _, bad := range append(c.badReturns(entry.Func, region, held), c.errorHelperCalls(entry.Func, region)...) {
				f := blocking.Finding{Effect: bad, Pos: bad.ReportPos()}
				if owns {
					found = append(found, f)
				} else {
					unproven = append(unproven, f)
				}
			}
		})
	}
	report := func(f blocking.Finding, prefix string) {
		pass.Report(f.Diagnostic(name, fmt.Sprintf("%sfinalizer branch returns without RequeueAfter while %s is still set, "+
			"so the object stays Terminating until another event arrives: %s; "+
			"return ctrl.Result{RequeueAfter: d} until cleanup is confirmed, then remove the finalizer",
			prefix, c.finalizerName(f.Effect), f.ChainString())))
	}
	proven := make(map[token.Pos]bool)
	for _, f := range blocking.Merge(found) {
		proven[f.Pos] = true
		report(f, "")
	}
	for _, f := range blocking.Merge(unproven) {
		if !proven[f.Pos] {
			report(f, "possibly (-strict): ")
		}
	}
	return &Result{imported: c.importedDeletionTest}, nil
}

type checker struct {
	pass    *analysis.Pass
	result  *blocking.Result
	helpers map[*ssa.Function][]blocking.Effect // memo of helperReturns; nil while in progress
	removes map[*ssa.Function]bool
	changes map[*ssa.Function]change // memo of funcChange
	testing map[*ssa.Function]bool   // helpers helperTests is judging
	name    *string                  // memo of finalizerName
	manages *bool                    // memo of managesFinalizers
	kept    *keptTypes               // memo of finalizedTypes

	errHelpers map[errKey][]blocking.Effect // memo of errorReturns; nil while in progress
}

// helperReturns is badReturns for a helper whose whole body runs in the
// finalizer branch.
func (c *checker) helperReturns(fn *ssa.Function) []blocking.Effect {
	if bad, ok := c.helpers[fn]; ok {
		return bad
	}
	c.helpers[fn] = nil // recursion: assume nothing more
	region := make(map[*ssa.BasicBlock]bool, len(fn.Blocks))
	for _, b := range fn.Blocks {
		region[b] = true
	}
	bad := c.badReturns(fn, region, c.finalizerHeld(fn, nil))
	c.helpers[fn] = bad
	return bad
}

// badReturns lists the returns in region that hand back a nil error and a
// Result that does not requeue, on a path where the finalizer may be set,
// each with its chain from fn. A return of a helper's results stands for the
// helper's own returns.
func (c *checker) badReturns(fn *ssa.Function, region, held map[*ssa.BasicBlock]bool) []blocking.Effect {
	var bad []blocking.Effect
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !region[b] || !ok || len(ret.Results) != 2 || b == fn.Recover {
			continue
		}
		// A function that defers or names its results returns through
		// result slots: read the values stored on the way to the return.
		results, errs := ssaflow.Returned(ret, 0), ssaflow.Returned(ret, 1)
		loaded := results
		if len(results) == 1 {
			results = []ssa.Value{storedValue(results[0])}
		}
		// A helper's results: its own returns are what matter, judged from
		// the state before the call.
		if call := ssaflow.HelperCall(results, errs); call != nil {
			// Returned only where the helper's Result requeues
			// (`if res.RequeueAfter > 0 { return res, err }`): none
			// of its other returns comes out here.
			// Nor where its error is known not nil (`if err != nil
			// { return res, err }`): its nil-error returns do not.
			if !c.heldAt(held, b, call) || requeueGuarded(b, results[0]) || requeueGuarded(b, loaded[0]) ||
				ssaflow.NonNilHere(errs[0], b) {
				continue
			}
			frame := c.result.Frame(fn, call.Pos())
			for _, e := range c.calleeReturns(call) {
				bad = append(bad, e.Prefixed(frame))
			}
			continue
		}
		// With several paths to one return (a bare return of named
		// results), a nil error on every path and a Result that does not
		// requeue on one of them is such a path.
		if c.heldAt(held, b, ret) && !slices.ContainsFunc(errs, func(v ssa.Value) bool { return !ssaflow.NilHere(v, b) }) &&
			slices.ContainsFunc(results, func(v ssa.Value) bool { return !requeues(v, map[ssa.Value]bool{}) }) {
			bad = append(bad, blocking.Effect{Check: name, Chain: []blocking.Frame{c.result.Frame(fn, ret.Pos())}})
		}
	}
	return bad
}

// calleeReturns is helperReturns for the callee of a call in this package or
// another one.
func (c *checker) calleeReturns(call *ssa.Call) []blocking.Effect {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil
	}
	if orig := callee.Origin(); orig != nil {
		callee = orig
	}
	if obj, ok := callee.Object().(*types.Func); ok && obj.Pkg() != c.pass.Pkg {
		var fact Returns
		if !c.pass.ImportObjectFact(obj, &fact) {
			return nil
		}
		bad := make([]blocking.Effect, len(fact.Bad))
		for i, e := range fact.Bad {
			bad[i] = e.Imported()
		}
		return bad
	}
	if callee.Blocks == nil {
		return nil
	}
	return c.helperReturns(callee)
}

// requeues reports whether a Result value may ask for another reconcile.
// Values it cannot see through (parameters, calls, fields) count as
// requeueing: the check reports only what it can show.
func requeues(v ssa.Value, seen map[ssa.Value]bool) bool {
	return requeueOf(v, seen) != noRequeue
}

type requeueState int

const (
	maybeRequeue requeueState = iota // a value it cannot see through
	requeue
	noRequeue
)

// requeueOf says what a Result value asks for. A value that meets others
// (a phi) does not requeue if one of them does not, unless one of them is
// out of sight: `res = lowest(res, phaseResult)` in a loop over phases
// starts from the zero Result but is what the phases ask for.
func requeueOf(v ssa.Value, seen map[ssa.Value]bool) requeueState {
	if seen[v] {
		return requeue // a cycle adds nothing
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Const:
		return noRequeue // the zero Result
	case *ssa.Phi:
		state := requeue
		for _, edge := range v.Edges {
			switch requeueOf(edge, seen) {
			case maybeRequeue:
				return maybeRequeue
			case noRequeue:
				state = noRequeue
			}
		}
		return state
	case *ssa.UnOp:
		if alloc, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			if storedRequeue(alloc) {
				return requeue
			}
			return noRequeue
		}
	}
	return maybeRequeue
}

// storedRequeue reports whether a field store into the Result at alloc sets
// RequeueAfter or Requeue to anything but a zero constant.
func storedRequeue(alloc *ssa.Alloc) bool {
	st := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	for _, ref := range *alloc.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		field := st.Field(fa.Field).Name()
		if field != "RequeueAfter" && field != "Requeue" {
			continue
		}
		for _, use := range *fa.Referrers() {
			store, ok := use.(*ssa.Store)
			if !ok || store.Addr != fa {
				continue
			}
			if c, ok := store.Val.(*ssa.Const); !ok || c.Value != nil && c.Value.ExactString() != "0" && c.Value.ExactString() != "false" {
				return true
			}
		}
	}
	return false
}

// managesFinalizers reports whether the package has a finalizer to keep:
// it refers to a function or field about finalizers (AddFinalizer,
// GetFinalizers, .Finalizers, a project's EnsureFinalizer) or calls a
// function of another package that removes one or returns through a
// finalizer branch. A reconciler that never sets a finalizer has nothing to
// wait for when its object is deleted.
func (c *checker) managesFinalizers() bool {
	if c.manages != nil {
		return *c.manages
	}
	manages := false
	for id, obj := range c.pass.TypesInfo.Uses {
		if strings.HasSuffix(c.pass.Fset.Position(id.Pos()).Filename, "_test.go") {
			continue // tests build objects with finalizers for fake clients
		}
		if _, isConst := obj.(*types.Const); !isConst && strings.Contains(obj.Name(), "Finalizer") {
			manages = true
			break
		}
		var fact Returns
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, &fact) &&
			(fact.RemovesFinalizer || len(fact.Bad) > 0) {
			manages = true
			break
		}
	}
	c.manages = &manages
	return manages
}

// ownsFinalizer reports whether fn, or what it calls, adds or removes a
// finalizer, or tests whether the object holds one. A reconciler that does
// neither (a second controller of the same kind, which builds its
// NetworkPolicies and leaves the deleted object to the controller that
// holds the finalizer) has no finalizer to wait for, whatever its
// package's other reconcilers do. A call through a func value or an
// interface of the module is followed where the engine decides it (a
// phase list of method values, a type the package converts); one it
// cannot decide shows no ownership and sets undecided: the entry is
// checked only under -strict, its findings marked unproven.
func (c *checker) ownsFinalizer(fn *ssa.Function, seen map[*ssa.Function]bool, undecided *bool) bool {
	if seen[fn] {
		return false
	}
	seen[fn] = true
	for _, b := range fn.Blocks {
		if c.changeBefore(b, nil) != unchanged || c.testsPresence(b) {
			return true
		}
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			common := call.Common()
			callee := common.StaticCallee()
			if callee == nil {
				if c.dynamicCallOwns(common, seen, undecided) {
					return true
				}
				continue
			}
			if orig := callee.Origin(); orig != nil {
				callee = orig
			}
			if callee.Pkg != nil && callee.Pkg.Pkg == c.pass.Pkg {
				if c.ownsFinalizer(callee, seen, undecided) {
					return true
				}
				continue
			}
			if obj, ok := callee.Object().(*types.Func); ok && c.importedOwns(obj) {
				return true
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if c.ownsFinalizer(anon, seen, undecided) {
			return true
		}
	}
	return false
}

// dynamicCallOwns reports whether a call through a func value or an
// interface runs a function that owns a finalizer (see ownsFinalizer).
// The framework's interfaces and variables (a client's Update, a
// recorder's Event, ctrl.LoggerFrom) own none.
func (c *checker) dynamicCallOwns(common *ssa.CallCommon, seen map[*ssa.Function]bool, undecided *bool) bool {
	if common.IsInvoke() && frameworkPackage(common.Method.Pkg()) {
		return false
	}
	if _, builtin := common.Value.(*ssa.Builtin); builtin || !common.IsInvoke() && frameworkVar(common.Value) {
		return false
	}
	local, external, ok := c.result.Callees(common)
	if !ok {
		*undecided = true
		return false
	}
	for _, fn := range local {
		if c.ownsFinalizer(fn, seen, undecided) {
			return true
		}
	}
	for _, obj := range external {
		if c.importedOwns(obj) {
			return true
		}
	}
	return false
}

// importedOwns reports whether a function of another package adds,
// removes or tests a finalizer, or returns from a finalizer branch, by its
// fact.
func (c *checker) importedOwns(obj *types.Func) bool {
	var fact Returns
	return obj.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(obj, &fact) &&
		(fact.AddsFinalizer || fact.RemovesFinalizer || fact.Tests > 0)
}

// testsPresence reports whether b ends with a test of whether the object
// holds a finalizer: a reconciler that asks owns what it asks about.
func (c *checker) testsPresence(b *ssa.BasicBlock) bool {
	test, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	if _, ok := noFinalizersTest(test.Cond); ok {
		return true
	}
	_, ok = c.presenceTest(test.Cond, map[ssa.Value]bool{})
	return ok
}

// frameworkVar matches a func value loaded from a variable of the
// framework's packages (controller-runtime's ctrl.LoggerFrom).
func frameworkVar(v ssa.Value) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	g, ok := load.X.(*ssa.Global)
	return ok && g.Pkg != nil && frameworkPackage(g.Pkg.Pkg)
}

// frameworkPackage: the standard library's, Kubernetes' and
// controller-runtime's interfaces (a client's Get, a recorder's Event) do
// not add a finalizer of the operator's own.
func frameworkPackage(pkg *types.Package) bool {
	if pkg == nil {
		return true
	}
	path := model.PkgPath(pkg)
	return model.IsStd(path) || strings.HasPrefix(path, "k8s.io/") || strings.HasPrefix(path, "sigs.k8s.io/")
}

// finalizerName names the finalizer the package manages, for messages: the
// constant given to controllerutil's finalizer functions, when the package
// uses one and the return is in this package.
func (c *checker) finalizerName(bad blocking.Effect) string {
	if !bad.EndsInPackage() {
		return "the finalizer"
	}
	if c.name != nil {
		return *c.name
	}
	names := map[string]bool{}
	var first string
	for _, fn := range c.result.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || !isControllerutil(call.Call.StaticCallee(), "AddFinalizer", "RemoveFinalizer", "ContainsFinalizer") || len(call.Call.Args) != 2 {
					continue
				}
				if k, ok := call.Call.Args[1].(*ssa.Const); ok && k.Value != nil {
					s, _ := strconv.Unquote(k.Value.ExactString())
					if !names[s] && first == "" {
						first = s
					}
					names[s] = true
				}
			}
		}
	}
	text := "the finalizer"
	if len(names) == 1 {
		text = "finalizer " + strconv.Quote(first)
	}
	c.name = &text
	return text
}
