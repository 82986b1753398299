package blocking

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// maxFieldFuncs bounds the functions a call of a func-valued field may
// resolve to.
const maxFieldFuncs = 4

// fieldFuncs resolves a call of a func-valued field of a struct
// (`m.newClient(ctx, ...)`), in a package that does not follow it to its
// callers (see dispatching), to the functions this package's code stores
// into that field, following copies from another field
// (`newClient: config.NewClientFunc`, the config's default set to
// NewClientWithLogin): a factory's default, which production runs. Stores
// of other values (a parameter: a test hook's override) do not count, as
// for a package variable (storedFunc).
func (res *resolver) fieldFuncs(v ssa.Value) []*ssa.Function {
	field := loadedField(v)
	if field == nil {
		return nil
	}
	if res.fieldStores == nil {
		res.fieldStores = make(map[*types.Var][]ssa.Value)
		for _, fi := range res.funcs {
			for _, b := range fi.fn.Blocks {
				for _, instr := range b.Instrs {
					store, ok := instr.(*ssa.Store)
					if !ok {
						continue
					}
					if fa, ok := store.Addr.(*ssa.FieldAddr); ok {
						if f := fieldVar(fa.X.Type(), fa.Field); f != nil {
							res.fieldStores[f] = append(res.fieldStores[f], store.Val)
						}
					}
				}
			}
		}
	}
	var fns []*ssa.Function
	seen := map[*types.Var]bool{}
	var visit func(f *types.Var)
	visit = func(f *types.Var) {
		if seen[f] {
			return
		}
		seen[f] = true
		for _, val := range res.fieldStores[f] {
			if ct, ok := val.(*ssa.ChangeType); ok { // a function given a named func type
				val = ct.X
			}
			if fn, ok := val.(*ssa.Function); ok {
				if !slices.Contains(fns, fn) {
					fns = append(fns, fn)
				}
			} else if from := loadedField(val); from != nil {
				visit(from)
			}
		}
	}
	visit(field)
	if len(fns) > maxFieldFuncs {
		return nil
	}
	return fns
}

// loadedField is the struct field v is loaded from, if it is one.
func loadedField(v ssa.Value) *types.Var {
	switch v := v.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return fieldVar(fa.X.Type(), fa.Field)
		}
	case *ssa.Field:
		return fieldVar(v.X.Type(), v.Field)
	}
	return nil
}

// fieldVar is field i of the struct t is or points to.
func fieldVar(t types.Type, i int) *types.Var {
	if st, ok := pointee(t).Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i)
	}
	return nil
}
