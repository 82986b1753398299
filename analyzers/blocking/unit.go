package blocking

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// unit is the package under analysis as every part of the engine reads it:
// the pass, its files and SSA form, the model table and the package's
// functions. It is set up before the walk and not changed after; the
// summaries of the functions are the walker's to fill.
type unit struct {
	pass    *analysis.Pass
	files   []*ast.File // the files analyzed: see programFiles
	pkg     *ssa.Package
	table   *model.Table
	ignored ignoredLines
	module  string // see modulePath
	fields  *fieldConstants
	enabled *enabledOptions

	// projectMu guards root, moduleRoot and projectPkgs: the checks
	// report in parallel, and placing a finding may ask inProject.
	projectMu   sync.Mutex
	root        *string                 // see projectRoot
	moduleRoot  string                  // the module's root directory, once projectRoot knows it
	projectPkgs map[*types.Package]bool // memo of inProject

	funcs  []*funcInfo // source order
	byFunc map[*ssa.Function]*funcInfo
}

// resolve maps a callee to the function of this package whose summary
// describes it, or to the function of another package whose fact does.
func (u *unit) resolve(fn *ssa.Function) (*ssa.Function, *types.Func) {
	if orig := fn.Origin(); orig != nil {
		fn = orig
	}
	obj, _ := fn.Object().(*types.Func)
	if obj != nil && obj.Pkg() != u.pass.Pkg {
		return nil, obj.Origin()
	}
	if fn.Synthetic != "" { // bound-method closures, thunks, wrappers
		if obj == nil {
			return nil, nil
		}
		fn = u.pkg.Prog.FuncValue(obj.Origin())
	}
	if fn == nil || u.byFunc[fn] == nil {
		return nil, nil
	}
	return fn, nil
}

// inModule reports whether pkg belongs to the module of the package under
// analysis (or to a module nested in its path, as an api/ module often is),
// or to another module of its repository (see inProject).
func (u *unit) inModule(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	p := pkg.Path()
	return p == u.module || strings.HasPrefix(p, u.module+"/") || u.inProject(pkg)
}

// modulePath is the path of the module of the package under analysis: the
// driver's, or, when the driver does not say, the repository part of the
// package path (host/owner/repo on the code hosts that name an owner,
// host/name elsewhere, the first element without a host).
func modulePath(pass *analysis.Pass) string {
	if pass.Module != nil && pass.Module.Path != "" {
		return pass.Module.Path
	}
	parts := strings.Split(pass.Pkg.Path(), "/")
	n := 1
	switch {
	case slices.Contains([]string{"github.com", "gitlab.com", "bitbucket.org", "golang.org"}, parts[0]):
		n = 3
	case strings.Contains(parts[0], "."):
		n = 2
	}
	return strings.Join(parts[:min(n, len(parts))], "/")
}

// posString renders pos as "pkgdir/file.go:line": short, and the same on
// every machine, so facts and messages stay deterministic.
func (u *unit) posString(pos token.Pos) string {
	p := u.pass.Fset.Position(pos)
	return fmt.Sprintf("%s/%s:%d", path.Base(u.pass.Pkg.Path()), path.Base(p.Filename), p.Line)
}

// localFunc is the function of this package a call statically calls.
func (u *unit) localFunc(call ssa.CallCommon) *ssa.Function {
	if call.IsInvoke() {
		return nil
	}
	fn := call.StaticCallee()
	if fn == nil {
		return nil
	}
	local, _ := u.resolve(fn)
	return local
}

func (u *unit) guard(what string, pos token.Pos, f func()) { Guard(u.pass, what, pos, f) }
