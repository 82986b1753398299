package blocking

import (
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestPosElsewhereModuleTree places a fix site in a package of the module
// that the imports of the package under analysis do not list, as under go
// vet, where a package read from export data lists only the packages its
// exported declarations mention: main binds store.New(), whose
// implementation calls example.com/hiddenimpl/store/backend, which no
// exported declaration of store names.
func TestPosElsewhereModuleTree(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", "testdata", "src", "example.com", "hiddenimpl"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	main := filepath.Join(root, "cmd", "main.go")
	src, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	tf := fset.AddFile(main, -1, len(src))
	tf.SetLinesForContent(src)
	pkg := types.NewPackage("example.com/hiddenimpl/cmd", "main")
	pkg.Scope().Insert(types.NewFunc(tf.Pos(strings.Index(string(src), "func main")), pkg, "main", types.NewSignatureType(nil, nil, nil, nil, nil, false)))
	// No imports: what export data tells of store's dependencies.
	w := &walker{unit: &unit{pass: &analysis.Pass{Fset: fset, Pkg: pkg}, module: "example.com/hiddenimpl"}}

	pos := w.posElsewhere("backend", "backend.go", 10)
	if !pos.IsValid() {
		t.Fatalf("posElsewhere(backend/backend.go:10) found no position: the module's tree was not searched")
	}
	if got, want := fset.Position(pos), filepath.Join(root, "store", "backend", "backend.go"); got.Filename != want || got.Line != 10 {
		t.Errorf("posElsewhere(backend/backend.go:10) = %s, want %s:10", got, want)
	}
	if pos := w.posElsewhere("nosuch", "backend.go", 10); pos.IsValid() {
		t.Errorf("posElsewhere(nosuch/backend.go:10) = %s, want no position", fset.Position(pos))
	}
}
