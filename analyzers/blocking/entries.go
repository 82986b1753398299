package blocking

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

// Entry kinds, as the README names them.
const (
	kindReconcile = "Reconcile method"
	kindFunc      = "reconcile.Func"
	kindFinalize  = "Finalize method"
	kindExtra     = "configured entry point"
)

// entryKind says why fn is an entry point of a reconcile worker, or "".
// Types are matched by package path and name, so any controller-runtime
// release since v0.15 (and any vendored copy) is recognised.
func (w *walker) entryKind(fn *ssa.Function) string {
	if w.converted[fn] {
		return kindFunc
	}
	if w.workerHandlers[fn] {
		return kindWorker
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return ""
	}
	sig := obj.Signature()
	switch {
	case sig.Recv() != nil && obj.Name() == "Reconcile" && handlerSignature(sig, model.ReconcilePkg):
		return kindReconcile
	case sig.Recv() != nil && obj.Name() == "Finalize" && handlerSignature(sig, model.FinalizerPkg):
		return kindFinalize
	case extraEntries.has(model.FuncName(obj)):
		return kindExtra
	}
	return ""
}

// handlerSignature matches func(context.Context, T) (pkg.Result, error) for
// any T: Reconciler, TypedReconciler[R], ObjectReconciler[T] and generic
// reconcilers alike. ctrl.Result is an alias and resolves to reconcile.Result.
func handlerSignature(sig *types.Signature, resultPkg string) bool {
	params, results := sig.Params(), sig.Results()
	if params.Len() != 2 || results.Len() != 2 {
		return false
	}
	return isNamed(params.At(0).Type(), "context", "Context") &&
		isNamed(results.At(0).Type(), resultPkg, "Result") &&
		types.Identical(results.At(1).Type(), types.Universe.Lookup("error").Type())
}

func isNamed(t types.Type, pkg, name string) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := named.Origin().Obj()
	return obj.Name() == name && obj.Pkg() != nil && model.PkgPath(obj.Pkg()) == pkg
}

// noteConversion records a function converted to reconcile.Func or
// reconcile.TypedFunc[R]: a func literal or named function used as a reconciler.
func (w *walker) noteConversion(x ssa.Value, to types.Type) {
	if !isNamed(to, model.ReconcilePkg, "Func") && !isNamed(to, model.ReconcilePkg, "TypedFunc") {
		return
	}
	if fn := funcValue(x); fn != nil {
		if local, _ := w.resolve(fn); local != nil {
			w.converted[local] = true
		}
	}
}

// funcNames is a flag value: a comma-separated list of full function names.
type funcNames []string

func (n *funcNames) String() string { return strings.Join(*n, ",") }

func (n *funcNames) Set(s string) error {
	var names []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if err := ParseFuncName(name); err != nil {
			return err
		}
		names = append(names, name)
	}
	*n = names
	return nil
}

func (n funcNames) has(name string) bool { return slices.Contains(n, name) }

// ParseFuncName checks that name is a full function name in the form the
// flags take: "pkg/path.Func", "(pkg/path.Type).Method" or
// "(*pkg/path.Type).Method".
func ParseFuncName(name string) error {
	bad := func(why string) error {
		return fmt.Errorf("bad function name %q: %s; want pkg/path.Func, (pkg/path.Type).Method or (*pkg/path.Type).Method", name, why)
	}
	qualified := name
	if rest, ok := strings.CutPrefix(name, "("); ok {
		recv, method, ok := strings.Cut(rest, ").")
		if !ok {
			return bad("no ').' after the receiver")
		}
		if !isIdent(method) {
			return bad("the method name is not an identifier")
		}
		qualified = strings.TrimPrefix(recv, "*")
	}
	dot := strings.LastIndex(qualified, ".")
	if dot <= 0 {
		return bad("no package path")
	}
	pkg, ident := qualified[:dot], qualified[dot+1:]
	if !isImportPath(pkg) {
		return bad("the package path is malformed")
	}
	if !isIdent(ident) {
		return bad("the name after the package path is not an identifier")
	}
	return nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		letter := r == '_' || unicode.IsLetter(r)
		if !letter && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// isImportPath accepts the characters Go allows in import paths, in
// non-empty elements separated by slashes.
func isImportPath(path string) bool {
	for _, elem := range strings.Split(path, "/") {
		if elem == "" {
			return false
		}
		for _, r := range elem {
			ok := r == '-' || r == '.' || r == '_' || r == '~' || r == '+' ||
				'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r >= 0x80 && unicode.IsLetter(r)
			if !ok {
				return false
			}
		}
	}
	return true
}
