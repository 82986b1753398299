package blocking

import (
	"bufio"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// includeTests (-tests) analyzes test files as part of the program. By
// default they are not: go vet analyzes a package together with its
// _test.go files, and an envtest suite that builds a reconciler, a fake
// client or a mock that sleeps is not what production runs. Production
// files cannot refer to what test files declare, so leaving the test files
// out of the SSA program leaves out exactly the test code: its entry points,
// its bindings, its implementations and its stores into package variables.
var includeTests bool

// programPackages (-packages) names a file that lists, one import path a
// line, the packages that production code of the analyzed packages imports,
// directly or not. A package not in it is imported only by test files (a
// test framework, a cloud SDK that an end-to-end suite uses): with test
// files left out, no entry point can reach its code, so the engine builds
// nothing for it and exports no facts. The standalone command sets it; a
// file named by its content's hash keeps go vet's cache keyed on the list.
var programPackages string

var (
	programListOnce sync.Once
	programList     map[string]bool // nil: every package
)

func init() {
	Analyzer.Flags.StringVar(&programPackages, "packages", "",
		"file listing the import paths that production code imports (set by the standalone command); other packages are not analyzed unless -tests")
}

// inProgram reports whether production code of the analyzed packages may
// import path.
func inProgram(path string) bool {
	if includeTests || programPackages == "" {
		return true
	}
	programListOnce.Do(func() {
		f, err := os.Open(programPackages)
		if err != nil {
			return // analyze everything rather than nothing
		}
		defer f.Close()
		programList = make(map[string]bool)
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			programList[strings.TrimSpace(sc.Text())] = true
		}
	})
	return programList == nil || programList[path]
}

// programFiles are the files of the package that the engine analyzes.
func programFiles(pass *analysis.Pass) []*ast.File {
	if !inProgram(pass.Pkg.Path()) {
		return nil
	}
	if includeTests {
		return pass.Files
	}
	var files []*ast.File
	for _, f := range pass.Files {
		if !isTestFile(pass, f) {
			files = append(files, f)
		}
	}
	return files
}

func isTestFile(pass *analysis.Pass, f *ast.File) bool {
	return strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go")
}

// declaredInTest reports whether obj is declared in a test file of the
// analyzed package that the engine leaves out.
func (u *unit) declaredInTest(obj types.Object) bool {
	return !includeTests && obj.Pkg() == u.pass.Pkg && strings.HasSuffix(u.pass.Fset.Position(obj.Pos()).Filename, "_test.go")
}

// programInfo is the package's type information for an SSA program of
// files only: the package's init must not run the initializers of variables
// that test files declare.
func programInfo(pass *analysis.Pass, files []*ast.File) *types.Info {
	if len(files) == len(pass.Files) {
		return pass.TypesInfo
	}
	inProgram := make(map[*token.File]bool)
	for _, f := range files {
		inProgram[pass.Fset.File(f.FileStart)] = true
	}
	info := *pass.TypesInfo
	info.InitOrder = nil
	for _, init := range pass.TypesInfo.InitOrder {
		if inProgram[pass.Fset.File(init.Rhs.Pos())] {
			info.InitOrder = append(info.InitOrder, init)
		}
	}
	return &info
}
