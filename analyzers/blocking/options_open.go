package blocking

// Open options: exported fields of a library's own config types that guard
// a branch. datadog-api-client sends through its delegated-token exchange
// only `if a.Client.Cfg.DelegatedTokenConfig != nil`, and retries only
// when `shouldRetryRequest` says so, which it does only
// `if cfg.RetryConfiguration.EnableRetry`. Unlike an unexported option
// field (options.go), any package may set such a field, the program's
// main included, which the package that reports may not see. So a branch
// that one guards is dead only when no code that can set the field does:
// no package whose facts the reporting package sees stores a value that is
// not zero into it, takes its address, or names it in a literal (Enables
// lists those), and no file of the analyzed module sets a field of that
// name (moduleSetsField reads them all, by name alone). A field that a
// decoder fills by reflection (an untagged config struct read from YAML) is
// not seen: such libraries tag the fields they decode, and tagged fields
// are never options (guardKey).

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// isOpenOption: key names an exported field of a type that a package of
// this package's module declares (a library's config), of a kind that can
// guard (guardKey checked it).
func (w *walker) isOpenOption(key string) bool {
	name := key[strings.LastIndex(key, ".")+1:]
	if !ast.IsExported(name) {
		return false
	}
	typ := key[:strings.LastIndex(key, ".")]
	pkg := typ[:strings.LastIndex(typ, ".")]
	return pkg == w.module || strings.HasPrefix(pkg, w.module+"/")
}

// openFieldsSet lists the keys of the exported fields of guard kinds that
// files set: a store of a value that is not a zero constant, a composite
// literal's key, or the field's address taken (a flag bound to it).
func openFieldsSet(pass *analysis.Pass, files []*ast.File) []string {
	set := make(map[string]bool)
	record := func(key string) {
		if key != "" && ast.IsExported(key[strings.LastIndex(key, ".")+1:]) {
			set[key] = true
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && (len(n.Rhs) != len(n.Lhs) || !zeroExpr(pass, n.Rhs[i])) {
						record(guardFieldKey(pass, sel))
					}
				}
			case *ast.UnaryExpr:
				if sel, ok := ast.Unparen(n.X).(*ast.SelectorExpr); ok && n.Op == token.AND {
					record(guardFieldKey(pass, sel))
				}
			case *ast.CompositeLit:
				st, named := structOf(pass.TypesInfo.TypeOf(n))
				if st == nil {
					return true
				}
				for _, elt := range n.Elts {
					kv, ok := elt.(*ast.KeyValueExpr)
					if !ok {
						continue // a positional literal: no option struct is written so
					}
					id, isIdent := kv.Key.(*ast.Ident)
					if !isIdent || zeroExpr(pass, kv.Value) {
						continue
					}
					for i := range st.NumFields() {
						if named != nil && st.Field(i).Name() == id.Name && guardKey(named, i, st.Field(i).Type()) != "" {
							record(fieldKey(named, st.Field(i)))
						}
					}
				}
			}
			return true
		})
	}
	var keys []string
	for k := range set {
		keys = append(keys, k)
	}
	return keys
}

// guardFieldKey is the key of the field sel selects, through embedded
// fields, when it is of a guard kind; else "".
func guardFieldKey(pass *analysis.Pass, sel *ast.SelectorExpr) string {
	s := pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return ""
	}
	t := s.Recv()
	index := s.Index()
	for _, i := range index[:len(index)-1] {
		st, _ := structOf(t)
		if st == nil || i >= st.NumFields() {
			return ""
		}
		t = st.Field(i).Type()
	}
	st, named := structOf(t)
	last := index[len(index)-1]
	if st == nil || named == nil || last >= st.NumFields() || guardKey(named, last, st.Field(last).Type()) == "" {
		return ""
	}
	return fieldKey(named, st.Field(last))
}

// zeroExpr reports whether e is a constant false, zero or nil.
func zeroExpr(pass *analysis.Pass, e ast.Expr) bool {
	tv, ok := pass.TypesInfo.Types[e]
	if !ok {
		return false
	}
	if tv.IsNil() {
		return true
	}
	if tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.Bool:
		return !constant.BoolVal(tv.Value)
	case constant.Int, constant.Float:
		return constant.Sign(tv.Value) == 0
	case constant.String:
		return constant.StringVal(tv.Value) == ""
	}
	return false
}

// moduleFieldSets memoizes, per module root, the names of the fields that
// the module's files set (see moduleSetsField).
var moduleFieldSets sync.Map // root -> *fieldNames

type fieldNames struct {
	once  sync.Once
	names map[string]bool
}

// moduleSetsField reports whether a non-test file under root sets a field
// called name: `x.name = v` with v not a zero literal, `&x.name`, or
// `T{name: v}`. It reads the files' syntax only, so any type's field of that
// name counts: the module's main and the packages that the reporting one
// does not import are not in its facts.
func moduleSetsField(root, name string) bool {
	if root == "" {
		return true // no module in sight: assume it is set
	}
	v, _ := moduleFieldSets.LoadOrStore(root, &fieldNames{})
	fn := v.(*fieldNames)
	fn.once.Do(func() { fn.names = fieldsSetUnder(root) })
	return fn.names[name]
}

func fieldsSetUnder(root string) map[string]bool {
	names := make(map[string]bool)
	fset := token.NewFileSet()
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil
		case d.IsDir() && p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "vendor"):
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go"):
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && (len(n.Rhs) != len(n.Lhs) || !zeroLiteral(n.Rhs[i])) {
						names[sel.Sel.Name] = true
					}
				}
			case *ast.UnaryExpr:
				if sel, ok := ast.Unparen(n.X).(*ast.SelectorExpr); ok && n.Op == token.AND {
					names[sel.Sel.Name] = true
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && !zeroLiteral(n.Value) {
					names[id.Name] = true
				}
			}
			return true
		})
		return nil
	})
	return names
}

// zeroLiteral reports whether e is written as false, nil, 0 or "".
func zeroLiteral(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name == "false" || e.Name == "nil"
	case *ast.BasicLit:
		return e.Value == "0" || e.Value == `""`
	}
	return false
}

// resultGuards says, for each bool result of fn, which option fields must
// be set for fn to return true there: the fields that guard every return
// whose value at that index is not the constant false
// (`if !cfg.EnableRetry { return nil, false }`). A caller's branch on that
// result is then a branch on those fields (see optionRegions).
func (w *walker) resultGuards(fn *ssa.Function, regions [][]string) map[int][]string {
	results := fn.Signature.Results()
	var guards map[int][]string
	for i := range results.Len() {
		if b, ok := results.At(i).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
			continue
		}
		var need []string
		first := true
		for _, blk := range fn.Blocks {
			if len(blk.Instrs) == 0 {
				continue
			}
			ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			if c, ok := ret.Results[i].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Bool && !constant.BoolVal(c.Value) {
				continue // returns false: needs nothing
			}
			var here []string
			if regions != nil {
				here = regions[blk.Index]
			}
			if first {
				need, first = append([]string(nil), here...), false
				continue
			}
			need = intersect(need, here)
		}
		if len(need) > 0 {
			if guards == nil {
				guards = make(map[int][]string)
			}
			guards[i] = need
		}
	}
	return guards
}

func intersect(a, b []string) []string {
	var out []string
	for _, x := range a {
		for _, y := range b {
			if x == y {
				out = append(out, x)
				break
			}
		}
	}
	return out
}
