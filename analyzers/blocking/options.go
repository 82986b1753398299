package blocking

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/types"
	"maps"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Code that only an option enables.
//
// A library often keeps a wait behind an option: gRPC's dial waits for the
// connection only under WithBlock (`if !cc.dopts.block { return cc, nil }`).
// The field that guards such a branch is an option field: an unexported
// bool, pointer, func or interface field of a type of the library's own,
// which the library's code sets only in the functional options its
// exported functions return, if at all.
// Effects reached only through that branch carry the field (Effect.OnlyIf);
// they happen only in a program that sets it: one that calls an option
// constructor (Guards lists them), or stores a value into the field itself.
// Each package says which option fields it sets (Enables), and an entry's
// effects that need a field no package of the program sets are dead code.

// Guards is the package fact of a library with option fields: for each,
// the exported functions that set it.
type Guards struct {
	Fields []GuardField // sorted by Field
}

func (*Guards) AFact() {}

func (g *Guards) String() string {
	var parts []string
	for _, f := range g.Fields {
		parts = append(parts, f.Field+" set by "+strings.Join(f.Enablers, ", "))
	}
	return "guards " + strings.Join(parts, "; ")
}

// GuardField is one option field and the functions whose call sets it.
type GuardField struct {
	Field    string   // see fieldKey
	Enablers []string // types.Func.FullName of each, sorted
}

// Enables is the package fact that lists the option fields of its
// dependencies that the package's code sets.
type Enables struct {
	Fields []string // sorted
}

func (*Enables) AFact() {}

func (e *Enables) String() string { return "enables " + strings.Join(e.Fields, ", ") }

// optionFields maps the fields that the closures of the package's exported
// functions set (functional options: `func WithBlock() DialOption { return
// func(o *dialOptions) { o.block = true } }`) to those functions' names;
// it notes the fields that other code sets to a value that is not zero.
func (w *walker) optionFields() map[string][]string {
	enablers := make(map[string][]string)
	setElsewhere := make(map[string]bool)
	for _, fi := range w.funcs {
		top := fi.fn
		for top.Parent() != nil {
			top = top.Parent()
		}
		obj, _ := top.Object().(*types.Func)
		for _, b := range fi.fn.Blocks {
			for _, instr := range b.Instrs {
				store, ok := instr.(*ssa.Store)
				if !ok || isZeroConst(store.Val) {
					continue
				}
				fa, ok := store.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				key := fieldKeyOf(fa.X.Type(), fa.Field)
				if key == "" {
					continue
				}
				if obj == nil || !obj.Exported() || fi.fn.Parent() == nil {
					setElsewhere[key] = true // a constructor, a setter: not an option
					continue
				}
				if name := obj.FullName(); !slices.Contains(enablers[key], name) {
					enablers[key] = append(enablers[key], name)
				}
			}
		}
	}
	for key := range setElsewhere {
		delete(enablers, key)
	}
	w.setElsewhere = setElsewhere
	for _, names := range enablers {
		slices.Sort(names)
	}
	return enablers
}

// onlyThrough reports whether every path into block s comes from b, or
// from s itself around a loop: the blocks s dominates run only when the
// branch of b chose s.
func onlyThrough(s, b *ssa.BasicBlock) bool {
	for _, p := range s.Preds {
		if p != b && !s.Dominates(p) {
			return false
		}
	}
	return true
}

// optionRegions says, by block index of fn, which option fields must be
// set for the block to run: the blocks that only the true side of a test
// of an option field (`if o.block`, `if c.cfg != nil`) reaches.
//
// A test of a bool that a function of this package returns true only when
// option fields are set (resultGuards) is a test of those fields.
func (w *walker) optionRegions(fn *ssa.Function) [][]string {
	if r, ok := w.regionsMemo[fn]; ok {
		return r
	}
	w.regionsMemo[fn] = nil // a recursive call sees no regions
	var regions [][]string
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ifInstr, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		keys, branch := w.guardKeys(ifInstr.Cond)
		if len(keys) == 0 {
			continue
		}
		enabled := b.Succs[branch]
		if !onlyThrough(enabled, b) {
			continue
		}
		if regions == nil {
			regions = make([][]string, len(fn.Blocks))
		}
		for _, d := range fn.Blocks {
			if !enabled.Dominates(d) {
				continue
			}
			for _, key := range keys {
				if !slices.Contains(regions[d.Index], key) {
					regions[d.Index] = append(regions[d.Index], key)
				}
			}
		}
	}
	w.regionsMemo[fn] = regions
	return regions
}

// guardKeys reads a branch condition that tests option fields: the fields,
// and the successor that runs when they are set. The condition tests a
// field itself (guardTest), or a bool result of a function of this package
// that is true only when fields are set (resultGuards).
func (w *walker) guardKeys(cond ssa.Value) ([]string, int) {
	if key, branch := guardTest(cond); key != "" {
		switch {
		case w.isOptionField(key):
			w.guardsUsed[key] = true
		case w.isOpenOption(key):
		default:
			return nil, 0
		}
		return []string{key}, branch
	}
	call, index := cond, 0
	if ex, ok := cond.(*ssa.Extract); ok {
		call, index = ex.Tuple, ex.Index
	}
	c, ok := call.(*ssa.Call)
	if !ok {
		return nil, 0
	}
	callee := w.localFunc(c.Call)
	if callee == nil {
		return nil, 0
	}
	return w.resultGuards(callee, w.optionRegions(callee))[index], 0
}

// isOptionField: key names an unexported field declared in this package
// that no code of the package sets but the closures that its exported
// functions return (functional options, which Guards lists). An exported
// field may be set anywhere, main included, which the package under
// analysis may not see: it is no option.
func (w *walker) isOptionField(key string) bool {
	if w.options == nil {
		w.options = w.optionFields()
	}
	name := key[strings.LastIndex(key, ".")+1:]
	return strings.HasPrefix(key, w.pass.Pkg.Path()+".") && !ast.IsExported(name) && !w.setElsewhere[key]
}

// guardTest reads a branch condition that tests a field: the field's key
// and the successor that runs when it is set (0 for `if x.f` and
// `if x.f != nil`, 1 for `if x.f == nil`).
func guardTest(cond ssa.Value) (string, int) {
	branch := 0
	if bin, ok := cond.(*ssa.BinOp); ok {
		if c, ok := bin.Y.(*ssa.Const); !ok || !c.IsNil() {
			return "", 0
		}
		switch bin.Op.String() {
		case "!=":
		case "==":
			branch = 1
		default:
			return "", 0
		}
		cond = bin.X
	}
	switch v := cond.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op.String() == "*" {
			return guardKey(fa.X.Type(), fa.Field, v.Type()), branch
		}
	case *ssa.Field:
		return guardKey(v.X.Type(), v.Field, v.Type()), branch
	}
	return "", 0
}

// guardKey is the key of a field that can be an option: a bool, or a
// pointer, func or interface that nil leaves unset. A field with a struct
// tag is data that a decoder fills (a response's next page), never an
// option.
func guardKey(t types.Type, field int, typ types.Type) string {
	if st, _ := structOf(t); st == nil || field >= st.NumFields() || st.Tag(field) != "" {
		return ""
	}
	switch u := typ.Underlying().(type) {
	case *types.Basic:
		if u.Kind() != types.Bool {
			return ""
		}
	case *types.Pointer, *types.Signature, *types.Interface:
	default:
		return ""
	}
	return fieldKeyOf(t, field)
}

func isZeroConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok {
		return false
	}
	return c.IsNil() || c.Value != nil && c.Value.Kind() == constant.Bool && !constant.BoolVal(c.Value)
}

// exportGuards exports the option fields that guard some code of the
// package, with the functions that set them.
func (w *walker) exportGuards() {
	var fields []GuardField
	for key := range w.guardsUsed {
		fields = append(fields, GuardField{Field: key, Enablers: w.options[key]})
	}
	if len(fields) == 0 {
		return
	}
	slices.SortFunc(fields, func(a, b GuardField) int { return cmp.Compare(a.Field, b.Field) })
	w.pass.ExportPackageFact(&Guards{Fields: fields})
}

// enabledFields lists the option fields of the direct imports that files
// set, by calling one of their option constructors.
func enabledFields(pass *analysis.Pass, files []*ast.File) []string {
	enablers := make(map[string]string) // function name -> field
	for _, imp := range pass.Pkg.Imports() {
		var g Guards
		if !pass.ImportPackageFact(imp, &g) {
			continue
		}
		for _, f := range g.Fields {
			for _, name := range f.Enablers {
				enablers[name] = f.Field
			}
		}
	}
	if len(enablers) == 0 {
		return nil
	}
	set := make(map[string]bool)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			// A call, or a reference kept for later: either sets the option.
			if id, ok := n.(*ast.Ident); ok {
				if fn, ok := pass.TypesInfo.Uses[id].(*types.Func); ok {
					if key, ok := enablers[fn.Origin().FullName()]; ok {
						set[key] = true
					}
				}
			}
			return true
		})
	}
	fields := slices.Collect(maps.Keys(set))
	slices.Sort(fields)
	return fields
}

// enabledOptions is the set of option fields that some package of the
// program this package sees sets, itself included.
type enabledOptions struct {
	pass  *analysis.Pass
	local []string
	// setInModule reports whether a file of the analyzed module sets an
	// exported field of this name (see moduleSetsField).
	setInModule func(name string) bool

	once sync.Once
	set  map[string]bool
}

func (o *enabledOptions) has(key string) bool {
	o.once.Do(func() {
		o.set = make(map[string]bool)
		for _, k := range o.local {
			o.set[k] = true
		}
		for _, f := range o.pass.AllPackageFacts() {
			if e, ok := f.Fact.(*Enables); ok {
				for _, k := range e.Fields {
					o.set[k] = true
				}
			}
		}
	})
	return o.set[key]
}

// runs reports whether the program sets every option field e needs. The
// options of the module's own types are set where this package may not
// see (main reads its flags into them): they count as set.
func (o *enabledOptions) runs(e Effect, inModule func(key string) bool) bool {
	for _, key := range e.OnlyIf {
		name := key[strings.LastIndex(key, ".")+1:]
		if !inModule(key) && !o.has(key) && !(ast.IsExported(name) && o.setInModule(name)) {
			return false
		}
	}
	return true
}

// ownsField reports whether the field key names belongs to a type of the
// analyzed module.
func (u *unit) ownsField(key string) bool {
	return strings.HasPrefix(key, u.module+"/") || strings.HasPrefix(key, u.module+".")
}

// enabledBy returns e as reached through code that runs only when the
// option fields keys are set.
func (e Effect) enabledBy(keys []string) Effect {
	if len(keys) == 0 {
		return e
	}
	only := slices.Clone(e.OnlyIf)
	for _, k := range keys {
		if !slices.Contains(only, k) {
			only = append(only, k)
		}
	}
	slices.Sort(only)
	e.OnlyIf = only
	return e
}
