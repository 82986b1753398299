package blocking

// Implementations across packages.
//
// A call through an interface of the module whose value this package cannot
// trace (a client a registry returns, handed down as a parameter) would stay
// unresolved. What production code can put there is what the module's
// packages convert to that interface: each package exports, as a package
// fact, the effects of each method of the concrete types its non-test code
// converts to an interface of the module, and an importer resolves such a
// call to the union of them (rapid type analysis, made modular by facts).
// A binding that decides the value (see resolver.dispatch) is more precise
// and is tried first; this is the fallback when nothing decides it.

import (
	"cmp"
	"go/types"
	"slices"

	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// Implementations is the package fact: what the methods of the interfaces
// of the module do on the concrete types this package converts to them.
type Implementations struct {
	Methods []ImplMethod
}

func (*Implementations) AFact() {}

func (f *Implementations) String() string { return "implementations" }

// ImplMethod is one method of one interface on one concrete type.
type ImplMethod struct {
	Iface  string // the interface's full name, "example.com/m/pkg.Client"
	Method string
	Type   string // the concrete type, for the order and the reader
	// Effects are the method's, with no requirement on its receiver (which
	// the caller cannot decide) and no dispatch left.
	Effects []Effect
}

// maxImplemented bounds the concrete types one interface method resolves
// to through the facts: past it, the interface is too general to say.
const maxImplemented = 8

// exportImplementations exports the package's Implementations fact. A
// dependency (a module with a version) exports none: its calls through its
// own interfaces are its own business, resolved where its code converts, and
// the fact would be copied into every importer's facts for nothing.
func (w *walker) exportImplementations() {
	if m := w.pass.Module; m != nil && m.Version != "" {
		return
	}
	// The module's interfaces this package converts values to (a concrete
	// value, or an interface value changed to a wider one), and the
	// concrete types it converts: a concrete type may reach any of those
	// interfaces it implements (`p = prov` after `prov = &GCPProvider{}`).
	var targets []*types.Named
	var concrete []types.Type
	seen := make(map[string]bool)
	for _, fi := range w.funcs {
		for _, b := range fi.fn.Blocks {
			for _, instr := range b.Instrs {
				var to types.Type
				switch instr := instr.(type) {
				case *ssa.MakeInterface:
					to = instr.Type()
					if t := instr.X.Type(); !types.IsInterface(t) && !seen[types.TypeString(t, nil)] {
						seen[types.TypeString(t, nil)] = true
						concrete = append(concrete, t)
					}
				case *ssa.ChangeInterface:
					to = instr.Type()
				default:
					continue
				}
				named, ok := types.Unalias(to).(*types.Named)
				if !ok || !types.IsInterface(named) || !w.inModule(named.Obj().Pkg()) || model.IsStd(model.PkgPath(named.Obj().Pkg())) {
					continue
				}
				if key := "iface " + types.TypeString(named, nil); !seen[key] {
					seen[key] = true
					targets = append(targets, named)
				}
			}
		}
	}
	var methods []ImplMethod
	for _, named := range targets {
		iface := named.Underlying().(*types.Interface)
		for _, t := range concrete {
			if !types.Implements(t, iface) {
				continue
			}
			for m := range iface.Methods() {
				if effects := w.implementedEffects(t, m); len(effects) > 0 {
					methods = append(methods, ImplMethod{Iface: types.TypeString(named, nil), Method: m.Name(), Type: types.TypeString(t, nil), Effects: effects})
				}
			}
		}
	}
	if len(methods) == 0 {
		return
	}
	slices.SortFunc(methods, func(a, b ImplMethod) int {
		return cmp.Or(cmp.Compare(a.Iface, b.Iface), cmp.Compare(a.Method, b.Method), cmp.Compare(a.Type, b.Type))
	})
	w.pass.ExportPackageFact(&Implementations{Methods: methods})
}

// implementedEffects is what method m does on a value of type t, as far as
// it does not depend on the value itself.
func (w *walker) implementedEffects(t types.Type, m *types.Func) []Effect {
	obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	var effects []Effect
	if fn.Pkg() == w.pass.Pkg {
		value := w.pkg.Prog.FuncValue(fn)
		if value == nil {
			return nil // a method of a generic type: no one function
		}
		local, _ := w.resolve(value)
		if fi := w.byFunc[local]; fi != nil {
			effects = fi.summary.forFact()
		}
	} else {
		var summary Summary
		if !w.pass.ImportObjectFact(fn.Origin(), &summary) {
			return nil
		}
		for _, e := range summary.Effects {
			if e, ok := w.expand(fn.Pkg(), e); ok {
				effects = append(effects, e)
			}
		}
	}
	var out []Effect
	for _, e := range effects {
		onReceiver := slices.ContainsFunc(e.Requires, func(r Requirement) bool { return !r.Free && r.Param == 0 })
		if e.Dispatch == nil && !onReceiver {
			out = append(out, e.stripPositions())
		}
	}
	return out
}

// implementedBy returns, from the facts of the packages this one imports,
// the effects of method on the concrete types the module converts to the
// interface type t, or nil when t is not such an interface or too many
// types implement it.
// implementedAny reports whether some method of result i (of a call whose
// type is t) has implementations in sight that say what calling it does.
func (res *resolver) implementedAny(t types.Type, i int) bool {
	if tuple, ok := t.(*types.Tuple); ok {
		if i >= tuple.Len() {
			return false
		}
		t = tuple.At(i).Type()
	}
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for m := range iface.NumMethods() {
		if len(res.implementedBy(t, iface.Method(m).Name())) > 0 {
			return true
		}
	}
	return false
}

func (res *resolver) implementedBy(t types.Type, method string) []Effect {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || !types.IsInterface(named) || !res.inModule(named.Obj().Pkg()) {
		return nil
	}
	if res.implemented == nil {
		res.implemented = make(map[string][]ImplMethod)
		for _, f := range res.pass.AllPackageFacts() {
			if impls, ok := f.Fact.(*Implementations); ok {
				for _, m := range impls.Methods {
					k := m.Iface + "\x00" + m.Method
					res.implemented[k] = append(res.implemented[k], m)
				}
			}
		}
	}
	found := res.implemented[types.TypeString(named, nil)+"\x00"+method]
	if len(found) == 0 || len(found) > maxImplemented {
		return nil
	}
	slices.SortFunc(found, func(a, b ImplMethod) int { return cmp.Compare(a.Type, b.Type) })
	var effects []Effect
	for _, m := range found {
		effects = append(effects, m.Effects...)
	}
	return effects
}
