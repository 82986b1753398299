package finalizerleak

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssaflow"
	"github.com/reconcilelint/reconcilelint/analyzers/model"
	"golang.org/x/tools/go/ssa"
)

const (
	controllerutilPkg = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	metav1Pkg         = "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// removal reports whether instr removes a finalizer: controllerutil's
// RemoveFinalizer, SetFinalizers or a store to a Finalizers field with a
// list that may hold fewer, or a call of a helper of this package that does
// one of them.
func (c *checker) removal(instr ssa.Instruction) bool {
	switch instr := instr.(type) {
	case *ssa.Call:
		return c.callRemoves(&instr.Call)
	case *ssa.Store: // obj.Finalizers = removeString(obj.Finalizers, f)
		fa, ok := instr.Addr.(*ssa.FieldAddr)
		return ok && isFinalizersField(fa) && !keepsFinalizers(instr.Val) && c.ofDeleted(fa.X)
	}
	return false
}

func (c *checker) callRemoves(call *ssa.CallCommon) bool {
	if call.IsInvoke() {
		return call.Method.Name() == "SetFinalizers" && len(call.Args) == 1 && !keepsFinalizers(call.Args[0]) && c.ofDeleted(call.Value)
	}
	callee := origin(call.StaticCallee())
	switch {
	case callee == nil:
		return false
	case isControllerutil(callee, "RemoveFinalizer"):
		return len(call.Args) > 0 && c.ofDeleted(call.Args[0])
	case callee.Name() == "SetFinalizers" && len(call.Args) == 2:
		return !keepsFinalizers(call.Args[1]) && c.ofDeleted(call.Args[0])
	}
	return c.local(call) != nil && c.removesFinalizer(c.local(call))
}

// ofDeleted reports whether obj may be the object being deleted: its type
// is one that the entry's deletion tests test, or one of them is unknown,
// or obj's is. Taking the finalizer off another object (humio-operator
// frees the token's Secret with RemoveFinalizer(secret, f) before the
// token's own finalizer goes) does not let the deleted object go.
func (c *checker) ofDeleted(obj ssa.Value) bool {
	t := ssaflow.ObjectType(obj)
	if t == nil {
		return true
	}
	for _, d := range c.deleted {
		if d == nil || types.Identical(d, t) {
			return true
		}
	}
	return len(c.deleted) == 0
}

// removesFinalizer reports whether a function of this package removes a
// finalizer on some path; its callers report the call as the removal.
func (c *checker) removesFinalizer(fn *ssa.Function) bool {
	if done, ok := c.removes[fn]; ok {
		return done
	}
	c.removes[fn] = false // recursion: assume not
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c.removal(instr) {
				c.removes[fn] = true
				return true
			}
		}
	}
	return false
}

// keepsFinalizers matches a list that still holds every finalizer: the
// same list, or the list with more appended.
func keepsFinalizers(v ssa.Value) bool {
	if call, ok := v.(*ssa.Call); ok {
		if b, ok := call.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			v = call.Call.Args[0]
		}
	}
	switch v := v.(type) {
	case *ssa.Call:
		return calledName(&v.Call) == "GetFinalizers"
	case *ssa.UnOp:
		fa, ok := v.X.(*ssa.FieldAddr)
		return ok && v.Op == token.MUL && isFinalizersField(fa)
	}
	return false
}

func isFinalizersField(fa *ssa.FieldAddr) bool {
	st, ok := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
	return ok && st.Field(fa.Field).Name() == "Finalizers"
}

// local is the function of this package, with a body, that call calls.
func (c *checker) local(call *ssa.CallCommon) *ssa.Function {
	callee := origin(call.StaticCallee())
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg != c.pass.Pkg || callee.Blocks == nil {
		return nil
	}
	return callee
}

// cleanupCall reports whether call may clean up an external resource: it
// returns an error, it is not handed one to transform, and it is not a call
// of the Kubernetes client, of logging or of the standard library (but for
// files, commands and HTTP). A
// helper of this package is one when its body makes such a call.
func (c *checker) cleanupCall(call *ssa.CallCommon) bool {
	sig := call.Signature()
	if sig == nil || sig.Results().Len() == 0 || !isError(sig.Results().At(sig.Results().Len()-1).Type()) {
		return false
	}
	if sig.Params().Len() > 0 && isError(sig.Params().At(0).Type()) {
		// It is handed an error to transform (errors.Cause(err),
		// errors.Wrap(err, msg), multierr.Append(err, other)): what it
		// returns is that error, not the outcome of an operation.
		return false
	}
	if local := c.local(call); local != nil {
		return c.cleansUp(local)
	}
	if call.IsInvoke() {
		return c.external(call.Method.Pkg())
	}
	callee := origin(call.StaticCallee())
	if callee == nil {
		return false // a func value: cannot tell
	}
	if callee.Pkg == nil && callee.Object() == nil {
		return false // a closure made elsewhere
	}
	obj, ok := callee.Object().(*types.Func)
	return ok && c.external(obj.Pkg()) && !takesKubeClient(obj.Signature())
}

// takesKubeClient matches the helpers of other packages that are handed a
// Kubernetes client (helpers.DeleteSecret(ctx, r.Client, key)): they write
// Kubernetes objects, which owner references clean up, not external ones.
// What a helper of another package calls is not in sight (that would need a
// fact per function); its parameters are.
func takesKubeClient(sig *types.Signature) bool {
	for p := range sig.Params().Variables() {
		t := p.Type()
		if ptr, ok := t.(*types.Pointer); ok {
			t = ptr.Elem()
		}
		named, ok := types.Unalias(t).(*types.Named)
		if !ok || named.Obj().Pkg() == nil {
			continue
		}
		path := model.PkgPath(named.Obj().Pkg())
		if path == "sigs.k8s.io/controller-runtime/pkg/client" || strings.HasPrefix(path, "k8s.io/client-go/") {
			return true
		}
	}
	return false
}

// cleansUp reports whether a function of this package makes a cleanup call.
func (c *checker) cleansUp(fn *ssa.Function) bool {
	if done, ok := c.cleanups[fn]; ok {
		return done
	}
	c.cleanups[fn] = false // recursion: assume not
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && c.cleanupCall(call.Common()) {
				c.cleanups[fn] = true
				return true
			}
		}
	}
	return false
}

// external reports whether calls into the package may reach outside the
// cluster: neither Kubernetes' own libraries (client, apimachinery,
// controller-runtime) nor an API types package (obj.Status.SetFailed(...)
// returns an error, and cleans nothing), nor logging, nor the standard
// library but for files, commands and HTTP.
func (c *checker) external(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	path := model.PkgPath(pkg)
	switch {
	case path == "os" || path == "os/exec" || path == "net/http":
		return true
	case model.IsStd(path), loggingPkg(path):
		return false
	}
	for _, k := range []string{"k8s.io/client-go", "k8s.io/apimachinery", "k8s.io/api", "sigs.k8s.io/controller-runtime"} {
		if path == k || strings.HasPrefix(path, k+"/") {
			return false
		}
	}
	return !c.apiTypes(pkg)
}

// apiTypes reports whether pkg declares Kubernetes API types: a struct that
// embeds metav1's ObjectMeta or TypeMeta.
func (c *checker) apiTypes(pkg *types.Package) bool {
	if known, ok := c.apis[pkg]; ok {
		return known
	}
	found := false
	for _, n := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(n).(*types.TypeName)
		if !ok {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for f := range st.Fields() {
			named, ok := types.Unalias(f.Type()).(*types.Named)
			if ok && f.Embedded() && (f.Name() == "ObjectMeta" || f.Name() == "TypeMeta") &&
				model.PkgPath(named.Obj().Pkg()) == metav1Pkg {
				found = true
			}
		}
		if found {
			break
		}
	}
	c.apis[pkg] = found
	return found
}

func loggingPkg(path string) bool {
	switch path {
	case "log", "log/slog", "github.com/go-logr/logr", "k8s.io/klog", "k8s.io/klog/v2", "go.uber.org/zap",
		"github.com/sirupsen/logrus", "sigs.k8s.io/controller-runtime/pkg/log", "k8s.io/client-go/tools/record":
		return true
	}
	return false
}

// isLogging matches a call that reports something to people: a logger's
// method or function, fmt's Print family, an event recorder's Event.
func isLogging(call *ssa.CallCommon) bool {
	var fn *types.Func
	if call.IsInvoke() {
		fn = call.Method
	} else if callee := origin(call.StaticCallee()); callee != nil {
		fn, _ = callee.Object().(*types.Func)
	}
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	path := model.PkgPath(fn.Pkg())
	if loggingPkg(path) {
		return true
	}
	if path == "fmt" {
		return strings.HasPrefix(fn.Name(), "Print") || strings.HasPrefix(fn.Name(), "Fprint")
	}
	// A project's own logger or recorder: a method of a type so named.
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	typeName := strings.ToLower(named.Obj().Name())
	return typeName == "log" || strings.Contains(typeName, "logger") || strings.HasSuffix(typeName, "recorder")
}

// calleeName names the function a call calls, the way chains do:
// "(*cloud.Client).Delete", "cloud.Delete", "(finalizers.Cloud).Delete".
func calleeName(call *ssa.CallCommon) string {
	if call.IsInvoke() {
		return "(" + types.TypeString(call.Value.Type(), pkgName) + ")." + call.Method.Name()
	}
	callee := origin(call.StaticCallee())
	if callee == nil {
		return call.Value.Name()
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return callee.Name()
	}
	if recv := obj.Signature().Recv(); recv != nil {
		return "(" + types.TypeString(recv.Type(), pkgName) + ")." + obj.Name()
	}
	return obj.Pkg().Name() + "." + obj.Name()
}

func pkgName(p *types.Package) string { return p.Name() }

// calledName is the name of the function or method a call calls.
func calledName(call *ssa.CallCommon) string {
	if call.IsInvoke() {
		return call.Method.Name()
	}
	if callee := call.StaticCallee(); callee != nil {
		return callee.Name()
	}
	return ""
}

func origin(fn *ssa.Function) *ssa.Function {
	if fn != nil && fn.Origin() != nil {
		return fn.Origin()
	}
	return fn
}

func isError(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }

func isControllerutil(fn *ssa.Function, name string) bool {
	if fn == nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && obj.Pkg() != nil && model.PkgPath(obj.Pkg()) == controllerutilPkg && obj.Name() == name
}
