// Package statusloop reports reconcilers that trigger themselves forever:
// they write their own object with a value that changes on every call,
// and nothing filters the watch event the write causes.
package statusloop

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

const Doc = `report reconcilers that trigger themselves forever

A Reconcile that writes its own object (the type its controller is For) on
every call, with a value that changes on every call (metav1.Now(),
time.Now(), a counter, a random or generated name), through Update, Patch or
Status().Update/Patch, causes a watch event with every write, and the event
the next reconcile: the worker never rests. The check finds the controller's
builder in the package (ctrl.NewControllerManagedBy(mgr).For(&T{})...
.Complete(r)) and reports such a write when the builder sets no predicate
(builder.WithPredicates on For, WithEventFilter). A write, or a changing
value, on one side of a condition other than a nil check or the deletion
test (if !equality.Semantic.DeepEqual(old, new), if obj.Status.Phase !=
phase, if !podFound) happens only when something changed and is not
reported.`

const name = "statusloop"

var Analyzer = &analysis.Analyzer{
	Name:     name,
	Doc:      Doc,
	URL:      "https://github.com/reconcilelint/reconcilelint#statusloop",
	Requires: []*analysis.Analyzer{blocking.Analyzer},
	Run:      blocking.SafeRun(run),
}

const (
	builderPkg = "sigs.k8s.io/controller-runtime/pkg/builder"
	clientPkg  = "sigs.k8s.io/controller-runtime/pkg/client"
)

// watch is what a controller's builder says of a reconciler.
type watch struct {
	forType  types.Type // the object type given to For
	filtered bool       // a predicate filters the events
}

func run(pass *analysis.Pass) (any, error) {
	result := pass.ResultOf[blocking.Analyzer].(*blocking.Result)
	watches := builders(result.Funcs)
	var found []blocking.Finding
	notes := make(map[token.Pos]string)
	for _, entry := range result.Entries {
		if len(entry.Func.Params) == 0 || entry.Func.Signature.Recv() == nil {
			continue
		}
		w, ok := watches[typeKey(entry.Func.Params[0].Type())]
		if !ok || w.filtered {
			continue
		}
		blocking.Guard(pass, entry.Name, entry.Func.Pos(), func() {
			for _, b := range entry.Func.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(*ssa.Call)
					if !ok {
						continue
					}
					write, obj := ownWrite(call, w.forType)
					if write == "" || guarded(b) {
						continue
					}
					store, why := changingStore(entry.Func, obj)
					if store == nil || guarded(store.Block()) {
						continue
					}
					notes[call.Pos()] = fmt.Sprintf("%s writes %s with %s (%s)", write, typeName(w.forType), why, result.Frame(entry.Func, store.Pos()).Pos)
					e := blocking.Effect{Check: name, Sink: write, Chain: []blocking.Frame{result.Frame(entry.Func, call.Pos())}}
					found = append(found, blocking.Finding{Effect: e, Pos: call.Pos()})
				}
			}
		})
	}
	for _, f := range blocking.Merge(found) {
		chain := f.Effect
		chain.Sink = ""
		pass.Report(f.Diagnostic(name, fmt.Sprintf("%s, which changes on every call, and no predicate filters the watch event the write causes: "+
			"each write triggers the next reconcile, so the worker never rests: %s -> %s; "+
			"write only when the value differs from the current one (if !equality.Semantic.DeepEqual(old.Status, obj.Status)), "+
			"or filter the watch (For(obj, builder.WithPredicates(predicate.GenerationChangedPredicate{})))",
			notes[f.Pos], chain.ChainString(), f.Sink)))
	}
	return nil, nil
}

// builders finds the controllers the package builds:
// ctrl.NewControllerManagedBy(mgr).For(&T{}, opts...)...Complete(r), by the
// type of r.
func builders(funcs []*ssa.Function) map[string]watch {
	watches := make(map[string]watch)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || !builderMethod(call, "Complete", "Build") || len(call.Call.Args) < 2 {
					continue
				}
				var w watch
				for v := call.Call.Args[0]; ; {
					step, ok := v.(*ssa.Call)
					if !ok || !builderMethod(step) || len(step.Call.Args) == 0 {
						break
					}
					switch calleeName(step) {
					case "For":
						w.forType = concreteType(step.Call.Args[1])
						if len(step.Call.Args) > 2 && !isNil(step.Call.Args[2]) {
							w.filtered = true // builder.WithPredicates
						}
					case "WithEventFilter":
						w.filtered = true
					}
					v = step.Call.Args[0]
				}
				if w.forType != nil {
					watches[typeKey(concreteType(call.Call.Args[1]))] = w
				}
			}
		}
	}
	return watches
}

// ownWrite matches a write of the watched object: Update or Patch, on the
// client or on its Status() writer, of a value of type forType. It names
// the write and returns the object written.
func ownWrite(call *ssa.Call, forType types.Type) (string, ssa.Value) {
	if !call.Call.IsInvoke() || len(call.Call.Args) < 2 {
		return "", nil
	}
	method := call.Call.Method
	if method.Name() != "Update" && method.Name() != "Patch" || method.Pkg() == nil || model.PkgPath(method.Pkg()) != clientPkg {
		return "", nil
	}
	obj := call.Call.Args[1]
	if mi, ok := obj.(*ssa.MakeInterface); ok {
		obj = mi.X
	}
	if !types.Identical(obj.Type(), forType) {
		return "", nil
	}
	write := method.Name()
	if ssaflow.IsCallOf(call.Call.Value, "Status") {
		write = "Status()." + write
	}
	return write, obj
}

// changingStore finds a store into a field of obj (or into a map in one:
// an annotation), in fn, of a value that changes on every call, and says
// what it is.
func changingStore(fn *ssa.Function, obj ssa.Value) (ssa.Instruction, string) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Store:
				if below(instr.Addr, obj) {
					if why := changing(instr.Val, instr.Addr); why != "" {
						return instr, why
					}
				}
			case *ssa.MapUpdate:
				if load, ok := instr.Map.(*ssa.UnOp); ok && load.Op == token.MUL && below(load.X, obj) {
					if why := changing(instr.Value, nil); why != "" {
						return instr, why
					}
				}
			}
		}
	}
	return nil, ""
}

// below reports whether addr is the address of a field (of a field ...)
// of the struct obj points to.
func below(addr, obj ssa.Value) bool {
	for {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			return false
		}
		if fa.X == obj {
			return true
		}
		addr = fa.X
	}
}

// changing says why a value stored at addr differs on every call: the
// time, a random or generated value, or the field's value plus one.
func changing(v, addr ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Call:
		callee := v.Call.StaticCallee()
		if callee == nil {
			return ""
		}
		if orig := callee.Origin(); orig != nil {
			callee = orig
		}
		obj, ok := callee.Object().(*types.Func)
		if !ok || obj.Pkg() == nil {
			return ""
		}
		full := model.FuncName(obj)
		switch {
		case full == "time.Now":
			return "time.Now()"
		case full == "k8s.io/apimachinery/pkg/apis/meta/v1.Now":
			return "metav1.Now()"
		case full == "k8s.io/apimachinery/pkg/apis/meta/v1.NewTime" && len(v.Call.Args) == 1:
			return changing(v.Call.Args[0], nil)
		case obj.Pkg().Path() == "time" && obj.Signature().Recv() != nil && len(v.Call.Args) > 0:
			return changing(v.Call.Args[0], nil) // time.Now().Format(...), .UTC(), .String()
		case strings.HasPrefix(full, "math/rand") || strings.HasPrefix(full, "k8s.io/apimachinery/pkg/util/rand.") ||
			strings.HasPrefix(full, "github.com/google/uuid.New"):
			return "a random value, " + obj.Pkg().Name() + "." + obj.Name() + "()"
		}
	case *ssa.BinOp:
		if load, ok := v.X.(*ssa.UnOp); ok && v.Op == token.ADD && load.Op == token.MUL && addr != nil && sameAddr(load.X, addr) {
			return "a counter"
		}
	}
	return ""
}

// sameAddr reports whether two addresses are the same field path from the
// same base: SSA computes &x.f anew for the read and the write of x.f++.
func sameAddr(a, b ssa.Value) bool {
	fa, okA := a.(*ssa.FieldAddr)
	fb, okB := b.(*ssa.FieldAddr)
	if okA && okB {
		return fa.Field == fb.Field && sameAddr(fa.X, fb.X)
	}
	return a == b
}

// guarded reports whether b runs only on one side of a condition, other
// than a nil check (error handling) or the deletion test: a write or a
// changing value that depends on something (if !equality.Semantic.DeepEqual(old, new),
// if obj.Status.Phase != phase, if !podFound) happens only when that
// changed, not on every call.
func guarded(b *ssa.BasicBlock) bool {
	for _, d := range b.Parent().Blocks {
		test, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || !guard(test.Cond) {
			continue
		}
		for _, s := range d.Succs {
			if len(s.Preds) == 1 && s.Dominates(b) {
				return true
			}
		}
	}
	return false
}

func guard(cond ssa.Value) bool {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			return guard(c.X)
		}
	case *ssa.BinOp:
		return !isNil(c.X) && !isNil(c.Y)
	case *ssa.Call:
		return !ssaflow.IsCallOf(c, "IsZero") // DeletionTimestamp.IsZero()
	}
	return true
}

func builderMethod(call *ssa.Call, names ...string) bool {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return false
	}
	if orig := callee.Origin(); orig != nil {
		callee = orig
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || model.PkgPath(obj.Pkg()) != builderPkg || obj.Signature().Recv() == nil {
		return false
	}
	if len(names) == 0 {
		return true
	}
	for _, n := range names {
		if obj.Name() == n {
			return true
		}
	}
	return false
}

func calleeName(call *ssa.Call) string {
	if callee := call.Call.StaticCallee(); callee != nil {
		return callee.Name()
	}
	return ""
}

func concreteType(v ssa.Value) types.Type {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		return mi.X.Type()
	}
	return v.Type()
}

// typeKey identifies a named type, or a pointer to one, across SSA values.
func typeKey(t types.Type) string {
	return types.TypeString(t, nil)
}

func typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}
