package blocking

import (
	"go/types"
	"os"
	"path/filepath"
	"strings"
)

// The project is every module of the repository, not only the one whose
// package is under analysis: a provider kept in a nested module that the
// root module reaches through a local replace directive, or a member of
// the go.work, is code the reviewers fix, with its own import path. Go's
// tools see it as a dependency; the engine counts it as the module's own
// (fix sites, placement, implementations) when its files lie in the
// repository: under the nearest directory above the module's root that
// holds .git or go.work, outside vendor, testdata and hidden directories.
// Drivers that do not say which module a package belongs to (GOPATH-style
// test fixtures) get the module path alone.

// projectRoot is the directory of the repository that holds the package
// under analysis, or "" when it is not known.
func (u *unit) projectRoot() string {
	u.projectMu.Lock()
	defer u.projectMu.Unlock()
	return u.projectRootLocked()
}

func (u *unit) projectRootLocked() string {
	if u.root != nil {
		return *u.root
	}
	root := ""
	if u.pass.Module != nil && u.pass.Module.Path != "" {
		if moduleRoot := moduleRootOf(packageDir(u.pass.Fset, u.pass.Pkg), u.pass.Pkg.Path(), u.module); moduleRoot != "" {
			root = repositoryRoot(moduleRoot)
			u.moduleRoot = moduleRoot
		}
	}
	u.root = &root
	return root
}

// moduleRootOf is the module's root directory: dir, the directory of the
// package pkgPath, less the part of the path below module; "" when they do
// not match.
func moduleRootOf(dir, pkgPath, module string) string {
	rel, ok := strings.CutPrefix(pkgPath, module)
	if dir == "" || !ok || rel != "" && !strings.HasPrefix(rel, "/") {
		return ""
	}
	root := filepath.Clean(strings.TrimSuffix(filepath.ToSlash(dir), rel))
	if filepath.ToSlash(root)+rel != filepath.ToSlash(dir) {
		return ""
	}
	return root
}

// repositoryRoot is the nearest directory from dir up that holds .git or
// go.work, else dir itself.
func repositoryRoot(dir string) string {
	for d := dir; ; {
		for _, marker := range []string{".git", "go.work"} {
			if _, err := os.Stat(filepath.Join(d, marker)); err == nil {
				return d
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// inProject reports whether pkg's files lie in the repository of the
// package under analysis (see projectRoot).
func (u *unit) inProject(pkg *types.Package) bool {
	u.projectMu.Lock()
	defer u.projectMu.Unlock()
	root := u.projectRootLocked()
	if root == "" {
		return false
	}
	if u.projectPkgs == nil {
		u.projectPkgs = make(map[*types.Package]bool)
	}
	if in, ok := u.projectPkgs[pkg]; ok {
		return in
	}
	in := underProject(root, u.moduleRoot, packageDir(u.pass.Fset, pkg))
	u.projectPkgs[pkg] = in
	return in
}

// underProject reports whether dir lies under root, outside the
// directories that hold no project code (vendor, testdata, hidden ones).
// Only the part of dir's path that moduleRoot's does not share is looked
// at: a module kept under another one's testdata is a project of its own.
func underProject(root, moduleRoot, dir string) bool {
	rel, ok := relativeParts(root, dir)
	if dir == "" || !ok {
		return false
	}
	if mod, ok := relativeParts(root, moduleRoot); ok {
		for len(rel) > 0 && len(mod) > 0 && rel[0] == mod[0] {
			rel, mod = rel[1:], mod[1:]
		}
	}
	for _, part := range rel {
		if part == "vendor" || part == "testdata" || strings.HasPrefix(part, ".") || strings.HasPrefix(part, "_") {
			return false
		}
	}
	return true
}

// relativeParts is the path from root down to dir, one element each, and
// whether dir lies under root.
func relativeParts(root, dir string) ([]string, bool) {
	rel, err := filepath.Rel(root, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, false
	}
	if rel == "." {
		return nil, true
	}
	return strings.Split(filepath.ToSlash(rel), "/"), true
}
