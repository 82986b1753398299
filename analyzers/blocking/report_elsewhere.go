package blocking

// This file finds the position of a frame in another package of the
// analyzed module, for findings whose fix goes there: the call of a helper
// package that names an operation under the reconcile ctx, the call of an
// implementation chosen by a binding in main that enters a dependency's
// wait. Only the package that reaches the entry point can report the
// finding, so it reports it at a line of the other package's source file,
// which it reads and adds to the file set (facts carry only "dir/file.go:N").

import (
	"cmp"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// moduleFiles memoizes the files of other packages of the module that
// findings were placed in.
type moduleFiles struct {
	dirs  map[string][]string  // package directory base name -> directories of module packages
	tree  map[string][]string  // the same, for every directory of the module's tree (see moduleTree)
	files map[string]*ast.File // by file name; nil when it cannot be read
}

// posElsewhere is the position of the first call on line of dir/file in a
// package of the module other than the one under analysis, or NoPos when
// no single imported package of the module holds that file.
func (w *walker) posElsewhere(dir, file string, line int) token.Pos {
	// The checks place their findings in parallel: one builds the memo
	// while the others wait, or they would read it half made.
	w.elsewhereMu.Lock()
	defer w.elsewhereMu.Unlock()
	if w.elsewhere == nil {
		w.elsewhere = &moduleFiles{files: make(map[string]*ast.File)}
		w.elsewhere.dirs = moduleDirs(w.pass.Fset, w.pass.Pkg, w.inModule)
	}
	found := existing(w.elsewhere.dirs[dir], file)
	if len(found) == 0 {
		// A package of the module whose types the imported packages'
		// export data does not mention (an implementation that only a
		// constructor's body names): look for it in the module's tree.
		if w.elsewhere.tree == nil {
			project := w.projectRoot()
			moduleRoot := cmp.Or(w.unit.moduleRoot, moduleRootOf(packageDir(w.pass.Fset, w.pass.Pkg), w.pass.Pkg.Path(), w.module))
			w.elsewhere.tree = moduleTree(moduleRoot, project)
		}
		found = existing(w.elsewhere.tree[dir], file)
	}
	if len(found) != 1 {
		return token.NoPos
	}
	name := found[0]
	af, ok := w.elsewhere.files[name]
	if !ok {
		af, _ = parser.ParseFile(w.pass.Fset, name, nil, parser.SkipObjectResolution)
		w.elsewhere.files[name] = af
	}
	if af == nil {
		return token.NoPos
	}
	tf := w.pass.Fset.File(af.Pos())
	if tf == nil || line < 1 || line > tf.LineCount() {
		return token.NoPos
	}
	return lineCall(af, tf, line)
}

// elsewhereFiles lists the files of other packages that posElsewhere read.
func (w *walker) elsewhereFiles() []*ast.File {
	w.elsewhereMu.Lock()
	defer w.elsewhereMu.Unlock()
	if w.elsewhere == nil {
		return nil
	}
	var files []*ast.File
	for _, af := range w.elsewhere.files {
		files = append(files, af)
	}
	return files
}

// existing lists the files called file in dirs.
func existing(dirs []string, file string) []string {
	var found []string
	for _, d := range dirs {
		name := filepath.Join(d, file)
		if _, err := os.Stat(name); err == nil {
			found = append(found, name)
		}
	}
	return found
}

// moduleTree maps the base name of each directory of the module's tree to
// its directories. moduleRoot is the module's root directory; project, when
// known, the repository's (see projectRoot), whose tree it then is, its
// nested modules included. Hidden directories, testdata and vendor are
// left out, and without project, nested modules.
func moduleTree(moduleRoot, project string) map[string][]string {
	tree := make(map[string][]string)
	root := cmp.Or(project, moduleRoot)
	if root == "" {
		return tree
	}
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if p != root {
			switch {
			case project != "" && !underProject(project, moduleRoot, p):
				return filepath.SkipDir
			case project != "":
			case strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_") || d.Name() == "testdata" || d.Name() == "vendor":
				return filepath.SkipDir
			default:
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
		}
		tree[filepath.Base(p)] = append(tree[filepath.Base(p)], p)
		return nil
	})
	return tree
}

// moduleDirs maps the base name of each package of the module (inModule) that pkg imports,
// directly or not, to its directories, read from the positions of its
// objects (export data keeps their file names).
func moduleDirs(fset *token.FileSet, pkg *types.Package, inModule func(*types.Package) bool) map[string][]string {
	dirs := make(map[string][]string)
	seen := map[*types.Package]bool{pkg: true}
	queue := pkg.Imports()
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		if !inModule(p) {
			continue // only the module's own packages hold fix sites
		}
		queue = append(queue, p.Imports()...)
		if d := packageDir(fset, p); d != "" {
			base := path.Base(p.Path())
			dirs[base] = append(dirs[base], d)
		}
	}
	return dirs
}

// packageDir is the directory of a package's source files, from the
// position of one of its objects, or "" when export data has no absolute
// file name for it (a -trimpath build).
func packageDir(fset *token.FileSet, p *types.Package) string {
	scope := p.Scope()
	for _, name := range scope.Names() {
		if pos := scope.Lookup(name).Pos(); pos.IsValid() {
			if file := fset.Position(pos).Filename; filepath.IsAbs(file) {
				return filepath.Dir(file)
			}
		}
	}
	return ""
}
