package model

import (
	"go/types"
	"strings"
)

// Table answers which entry, if any, describes a function.
type Table struct {
	exact     map[string]*Func
	wildcards []*Func // names ending in ".*" or "/...", in table order
}

// Default is the table built from Funcs.
var Default = NewTable(Funcs)

// NewTable indexes funcs. Later entries win over earlier ones of the same name,
// so that callers can append their own entries to Funcs.
func NewTable(funcs []Func) *Table {
	t := &Table{exact: make(map[string]*Func)}
	for i := range funcs {
		f := &funcs[i]
		if strings.HasSuffix(f.Name, ".*") || strings.HasSuffix(f.Name, "/...") {
			t.wildcards = append(t.wildcards, f)
			continue
		}
		t.exact[f.Name] = f
	}
	return t
}

// Lookup returns the entry for fn, or nil.
func (t *Table) Lookup(fn *types.Func) *Func {
	if f := t.exact[FuncName(fn)]; f != nil {
		return f
	}
	if fn.Pkg() == nil {
		return nil
	}
	path := PkgPath(fn.Pkg())
	for _, f := range t.wildcards {
		if matchesPackage(f.Name, path) {
			return f
		}
	}
	return nil
}

func matchesPackage(pattern, path string) bool {
	if pkg, ok := strings.CutSuffix(pattern, ".*"); ok {
		return path == pkg
	}
	pkg := strings.TrimSuffix(pattern, "/...")
	return path == pkg || strings.HasPrefix(path, pkg+"/")
}

// FuncName is the name that the table, the flags and the settings use for a
// function: "pkg/path.Func", "(*pkg/path.Type).Method" or "(pkg/path.Type).Method",
// without type parameters and without any vendor prefix.
func FuncName(fn *types.Func) string {
	fn = fn.Origin()
	recv := fn.Signature().Recv()
	if recv == nil {
		return PkgPath(fn.Pkg()) + "." + fn.Name()
	}
	star := ""
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t, star = p.Elem(), "*"
	}
	if named, ok := types.Unalias(t).(*types.Named); ok {
		obj := named.Obj()
		return "(" + star + PkgPath(obj.Pkg()) + "." + obj.Name() + ")." + fn.Name()
	}
	return fn.FullName() // a method of an unnamed interface
}

// PkgPath is the import path of p without any vendor prefix.
func PkgPath(p *types.Package) string {
	if p == nil {
		return ""
	}
	path := p.Path()
	if i := strings.LastIndex(path, "/vendor/"); i >= 0 {
		return path[i+len("/vendor/"):]
	}
	return strings.TrimPrefix(path, "vendor/")
}

// IsStd reports whether path names a package of the standard library. The
// engine does not analyze those: their behaviour comes from the table.
func IsStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	if strings.Contains(first, ".") {
		return false
	}
	return stdRoots[first]
}

// stdRoots are the first elements of the standard library's import paths.
// A module path without a dot (allowed for local modules) is analyzed unless
// it collides with one of these.
var stdRoots = map[string]bool{
	"archive": true, "bufio": true, "builtin": true, "bytes": true, "cmp": true,
	"compress": true, "container": true, "context": true, "crypto": true,
	"database": true, "debug": true, "embed": true, "encoding": true, "errors": true,
	"expvar": true, "flag": true, "fmt": true, "go": true, "hash": true, "html": true,
	"image": true, "index": true, "internal": true, "io": true, "iter": true,
	"log": true, "maps": true, "math": true, "mime": true, "net": true, "os": true,
	"path": true, "plugin": true, "reflect": true, "regexp": true, "runtime": true,
	"slices": true, "sort": true, "strconv": true, "strings": true, "structs": true,
	"sync": true, "syscall": true, "testing": true, "text": true, "time": true,
	"unicode": true, "unique": true, "unsafe": true, "vendor": true, "weak": true,
	"cmd": true,
}

// ByName returns the entry of that exact name, or nil.
func (t *Table) ByName(name string) *Func { return t.exact[name] }

// Backoff returns the known backoff variable of that full name, or nil.
func (t *Table) Backoff(name string) *BackoffValue {
	for i := range Backoffs {
		if Backoffs[i].Name == name {
			return &Backoffs[i]
		}
	}
	return nil
}

// BoundedPackage reports whether a Bounded entry covers the whole package.
func (t *Table) BoundedPackage(path string) bool {
	for _, f := range t.wildcards {
		if f.Kind == Bounded && matchesPackage(f.Name, path) {
			return true
		}
	}
	return false
}
