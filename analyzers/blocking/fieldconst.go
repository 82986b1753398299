package blocking

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"

	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/analysis"
)

// FieldConstants is the package fact that says which integer constants the
// package's code stores into struct fields: a constructor's default
// (&API{retryPolicy: RetryPolicy{MaxRetries: 3}}), an option's value, a
// config default set when the field is zero (if p.InitialDelaySeconds < 1 {
// p.InitialDelaySeconds = 60 }). A loop guard, a wait or a count that reads
// the field, in this package or one that imports it, is bounded by the
// largest of them: a library's retry limit follows from the library's code,
// not from a table. What the code does not store (a value decoded from the
// object's spec, an option a caller passes a variable to) is not seen; the
// field keeps its default.
type FieldConstants struct {
	Fields []FieldConstant // sorted by Field
}

func (*FieldConstants) AFact() {}

func (f *FieldConstants) String() string {
	s := "field constants"
	for _, c := range f.Fields {
		s += fmt.Sprintf(" %s=%d", c.Field, c.Max)
	}
	return s
}

// FieldConstant is the largest integer constant stored into one field.
type FieldConstant struct {
	Field string // "pkgpath.Type.Field", the type that declares the field
	Max   int64
}

// maxFieldConstants caps the fact: generated code can store constants into
// hundreds of fields that no loop reads.
const maxFieldConstants = 256

// fieldConstants answers what a field holds, from this package's code and
// the facts of the packages it imports.
type fieldConstants struct {
	pass  *analysis.Pass
	local map[string]int64 // this package's stores

	once sync.Once
	all  map[string]int64 // local and imported, joined
}

func newFieldConstants(pass *analysis.Pass, files []*ast.File) *fieldConstants {
	return &fieldConstants{pass: pass, local: storedConstants(pass.TypesInfo, files)}
}

// export writes this package's stores as its fact, when there are any.
func (fc *fieldConstants) export() {
	if len(fc.local) == 0 {
		return
	}
	fields := make([]FieldConstant, 0, len(fc.local))
	for k, v := range fc.local {
		fields = append(fields, FieldConstant{Field: k, Max: v})
	}
	slices.SortFunc(fields, func(a, b FieldConstant) int { return cmp.Compare(a.Field, b.Field) })
	if len(fields) > maxFieldConstants {
		fields = fields[:maxFieldConstants]
	}
	fc.pass.ExportPackageFact(&FieldConstants{Fields: fields})
}

// of is the largest constant the program stores into the field named key
// (see fieldKey), if any.
func (fc *fieldConstants) of(key string) (int64, bool) {
	if fc == nil || key == "" {
		return 0, false
	}
	fc.once.Do(func() {
		fc.all = make(map[string]int64, len(fc.local))
		for k, v := range fc.local {
			fc.all[k] = v
		}
		for _, f := range fc.pass.AllPackageFacts() {
			if consts, ok := f.Fact.(*FieldConstants); ok {
				for _, c := range consts.Fields {
					if old, seen := fc.all[c.Field]; !seen || c.Max > old {
						fc.all[c.Field] = c.Max
					}
				}
			}
		}
	})
	v, ok := fc.all[key]
	return v, ok
}

// storedConstants reads the integer constants that assignments and
// composite literals of files store into struct fields, keeping the largest
// per field.
func storedConstants(info *types.Info, files []*ast.File) map[string]int64 {
	out := make(map[string]int64)
	note := func(key string, value ast.Expr) {
		tv, ok := info.Types[value]
		if key == "" || !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
			return
		}
		n, exact := constant.Int64Val(tv.Value)
		if !exact {
			return
		}
		if old, seen := out[key]; !seen || n > old {
			out[key] = n
		}
	}
	// A literal of a small struct stored into a field (UpdatePause:
	// &metav1.Duration{Duration: time.Minute}) also gives its fields under
	// that field's name, so that two fields of one type (a pause and a
	// timeout, both metav1.Duration) keep their own values.
	within := make(map[*ast.CompositeLit]string) // a literal -> the field it is stored into
	inField := func(outer string, value ast.Expr) {
		if u, ok := ast.Unparen(value).(*ast.UnaryExpr); ok && u.Op == token.AND {
			value = u.X
		}
		if lit, ok := ast.Unparen(value).(*ast.CompositeLit); ok && outer != "" {
			within[lit] = outer
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, lhs := range n.Lhs {
					if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok {
						key := selectedFieldKey(info, sel)
						note(key, n.Rhs[i])
						inField(key, n.Rhs[i])
						if outer, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok && key != "" {
							note(qualifiedKey(selectedFieldKey(info, outer), key), n.Rhs[i])
						}
					}
				}
			case *ast.CompositeLit:
				st, named := structOf(info.TypeOf(n))
				if st == nil {
					return true
				}
				for i, elt := range n.Elts {
					var key string
					value := elt
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						value = kv.Value
						if id, ok := kv.Key.(*ast.Ident); ok {
							if field, ok := info.Uses[id].(*types.Var); ok && field.IsField() {
								key = fieldKey(named, field)
							}
						}
					} else if i < st.NumFields() {
						key = fieldKey(named, st.Field(i))
					}
					note(key, value)
					note(qualifiedKey(within[n], key), value)
					inField(key, value)
				}
			}
			return true
		})
	}
	return out
}

// qualifiedKey names field key as reached through the field outer
// ("pkg.ZoneCommon.UpdatePause.Duration" for "pkg.ZoneCommon.UpdatePause"
// and "metav1.Duration.Duration"), or "" when either is unknown.
func qualifiedKey(outer, key string) string {
	if outer == "" || key == "" {
		return ""
	}
	return outer + "." + key[strings.LastIndex(key, ".")+1:]
}

// selectedFieldKey is the key of the field that sel selects (x.f, through
// embedded fields too), or "" when sel selects no field of a named struct.
func selectedFieldKey(info *types.Info, sel *ast.SelectorExpr) string {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return ""
	}
	t := s.Recv()
	path := s.Index()
	for i, idx := range path {
		st, named := structOf(t)
		if st == nil || idx >= st.NumFields() {
			return ""
		}
		if i == len(path)-1 {
			return fieldKey(named, st.Field(idx))
		}
		t = st.Field(idx).Type()
	}
	return ""
}

// structOf is the struct t is, or points to, and the named type that
// declares it (nil for a struct literal type).
func structOf(t types.Type) (*types.Struct, *types.Named) {
	if t == nil {
		return nil, nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	st, _ := t.Underlying().(*types.Struct)
	return st, named
}

// fieldKey names a field by the named struct type that declares it:
// "pkgpath.Type.Field", the same in every package that sees it. Fields of
// the standard library's types have none: what bounds an http.Client or a
// net.Dialer is the provenance's to say, and no loop counts with them.
func fieldKey(named *types.Named, field *types.Var) string {
	if named == nil || field == nil {
		return ""
	}
	obj := named.Origin().Obj()
	if obj.Pkg() == nil || model.IsStd(obj.Pkg().Path()) {
		return ""
	}
	return obj.Pkg().Path() + "." + obj.Name() + "." + field.Name()
}

// fieldKeyOf is the key of field index i of the struct that t is or
// points to, as SSA's FieldAddr and Field name it.
func fieldKeyOf(t types.Type, i int) string {
	st, named := structOf(t)
	if st == nil || i >= st.NumFields() {
		return ""
	}
	return fieldKey(named, st.Field(i))
}
