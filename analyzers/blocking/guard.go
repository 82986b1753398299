package blocking

import (
	"fmt"
	"go/token"
	"os"
	"reflect"
	"runtime/debug"

	"golang.org/x/tools/go/analysis"
)

// Guard runs f, turning a panic into a diagnostic that names what was being
// analyzed (a function, or a package), so that one bug does not stop the
// rest of the package or of the run. RECONCILELINT_DEBUG=1 prints the stack.
func Guard(pass *analysis.Pass, what string, pos token.Pos, f func()) {
	defer func() {
		if r := recover(); r != nil {
			if os.Getenv("RECONCILELINT_DEBUG") != "" {
				fmt.Fprintf(os.Stderr, "panic while analyzing %s: %v\n%s", what, r, debug.Stack())
			}
			pass.Report(analysis.Diagnostic{
				Pos:      pos,
				Category: "internal-error",
				Message: fmt.Sprintf("reconcilelint internal error while analyzing %s: %v; "+
					"please report this bug at https://github.com/reconcilelint/reconcilelint/issues", what, r),
			})
		}
	}()
	if panicHook != nil {
		panicHook(what)
	}
	f()
}

// SafeRun wraps an analyzer's Run so that a panic becomes a diagnostic on
// the package and the analyzer's result is empty, instead of a crash of the
// whole go vet run.
func SafeRun(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (result any, err error) {
		pos := token.NoPos
		if len(pass.Files) > 0 {
			pos = pass.Files[0].Package
		}
		Guard(pass, fmt.Sprintf("package %s (%s)", pass.Pkg.Path(), pass.Analyzer.Name), pos, func() {
			result, err = run(pass)
		})
		if result == nil && pass.Analyzer.ResultType == resultType {
			result = &Result{} // the checks that require the engine find nothing
		}
		return result, err
	}
}

var resultType = reflect.TypeFor[*Result]()

// panicHook, when set by a test, runs before each guarded piece of work and
// may panic to show that the panic is contained.
var panicHook func(what string)
