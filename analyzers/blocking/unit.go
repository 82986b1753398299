package blocking

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// resolve maps a callee to the function of this package whose summary
// describes it, or to the function of another package whose fact does.
func (w *walker) resolve(fn *ssa.Function) (*ssa.Function, *types.Func) {
	if orig := fn.Origin(); orig != nil {
		fn = orig
	}
	obj, _ := fn.Object().(*types.Func)
	if obj != nil && obj.Pkg() != w.pass.Pkg {
		return nil, obj.Origin()
	}
	if fn.Synthetic != "" { // bound-method closures, thunks, wrappers
		if obj == nil {
			return nil, nil
		}
		fn = w.pkg.Prog.FuncValue(obj.Origin())
	}
	if fn == nil || w.byFunc[fn] == nil {
		return nil, nil
	}
	return fn, nil
}

// inModule reports whether pkg belongs to the module of the package under
// analysis (or to a module nested in its path, as an api/ module often is).
func (w *walker) inModule(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	p := pkg.Path()
	return p == w.module || strings.HasPrefix(p, w.module+"/")
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

// posOf is the position of a frame's call in the package under analysis,
// or NoPos when the frame lies in another package. Frames read from facts
// carry only the position's text, which this resolves against the
// package's files.
func (w *walker) posOf(f Frame) token.Pos {
	if f.pos.IsValid() || w == nil {
		return f.pos
	}
	dir, rest, _ := strings.Cut(f.Pos, "/")
	file, lineText, _ := strings.Cut(rest, ":")
	line, err := strconv.Atoi(lineText)
	if dir != path.Base(w.pass.Pkg.Path()) || err != nil {
		return token.NoPos
	}
	for _, af := range w.files {
		tf := w.pass.Fset.File(af.Pos())
		if tf == nil || path.Base(tf.Name()) != file || line < 1 || line > tf.LineCount() {
			continue
		}
		return lineCall(af, tf, line)
	}
	return token.NoPos
}

// lineCall is the position of the first call on a line of f (where SSA
// puts a call: its opening parenthesis), else the line's start.
func lineCall(f *ast.File, tf *token.File, line int) token.Pos {
	found := token.NoPos
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || tf.Line(n.Pos()) > line || tf.Line(n.End()) < line {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && tf.Line(call.Lparen) == line && (!found.IsValid() || call.Lparen < found) {
			found = call.Lparen
		}
		return true
	})
	return cmp.Or(found, tf.LineStart(line))
}

// posString renders pos as "pkgdir/file.go:line": short, and the same on
// every machine, so facts and messages stay deterministic.
func (w *walker) posString(pos token.Pos) string {
	p := w.pass.Fset.Position(pos)
	return fmt.Sprintf("%s/%s:%d", path.Base(w.pass.Pkg.Path()), path.Base(p.Filename), p.Line)
}

// localFunc is the function of this package a call statically calls.
func (w *walker) localFunc(call ssa.CallCommon) *ssa.Function {
	if call.IsInvoke() {
		return nil
	}
	fn := call.StaticCallee()
	if fn == nil {
		return nil
	}
	local, _ := w.resolve(fn)
	return local
}

func (w *walker) guard(what string, pos token.Pos, f func()) { Guard(w.pass, what, pos, f) }
