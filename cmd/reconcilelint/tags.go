package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Some modules build only with a tag of their own (an SDK that shows its
// internals under `//go:build sdkinternal`, set in the project's Makefile
// and CI). Without it go vet stops at the first type error and nothing is
// analyzed. When -tags is not given and the type errors are names that a
// file of the package they are looked up in declares under a build
// constraint of custom tags, the run is done again with those tags, and
// stderr says so. Tags that name a system, an architecture, a Go release
// or cgo are never inferred: no flag can make a file of another system
// part of this build.

// undefinedName matches go vet's type error for a name a package lacks:
// "vet: dir/file.go:7:40: undefined: pkg.Name" or "...: undefined: Name".
var undefinedName = regexp.MustCompile(`(?m)^(?:vet: )?(\S+\.go):\d+:\d+: undefined: (?:(\w+)\.)?(\w+)\s*$`)

// inferTags reads go vet's stderr and returns the custom build tags that
// declare the undefined names it reports, sorted, and one reason for each
// name they declare. It returns none when any undefined name has no such
// declaration: then the tags would not make the packages type-check.
func inferTags(vetStderr, cwd string) (tags, reasons []string) {
	known := knownPlatformTags()
	if known == nil {
		return nil, nil
	}
	seen := make(map[string]bool)
	for _, m := range undefinedName.FindAllStringSubmatch(vetStderr, -1) {
		file, qual, name := m[1], m[2], m[3]
		if !filepath.IsAbs(file) {
			file = filepath.Join(cwd, file)
		}
		if seen[file+"\x00"+qual+"\x00"+name] {
			continue
		}
		seen[file+"\x00"+qual+"\x00"+name] = true
		found, reason := taggedDeclaration(file, qual, name, known)
		if found == nil {
			return nil, nil
		}
		tags = append(tags, found...)
		reasons = append(reasons, reason)
	}
	slices.Sort(tags)
	slices.Sort(reasons)
	return slices.Compact(tags), slices.Compact(reasons)
}

// taggedDeclaration finds, in the package that file looks qual.name up in
// (its own package when qual is empty), a file left out of the build that
// declares name and that the custom tags of its constraint bring in.
func taggedDeclaration(file, qual, name string, known map[string]bool) (tags []string, reason string) {
	dir := filepath.Dir(file)
	patterns := []string{dir}
	if qual != "" {
		patterns = importsOf(file)
	}
	for _, p := range listIgnored(dir, patterns) {
		if qual != "" && p.name != qual && p.alias != qual {
			continue
		}
		for _, ignored := range p.ignored {
			path := filepath.Join(p.dir, ignored)
			custom, expr := customTags(path, known)
			if len(custom) == 0 || !declares(path, name) {
				continue
			}
			ctx := build.Default
			ctx.BuildTags = custom
			if ok, err := ctx.MatchFile(p.dir, ignored); err != nil || !ok {
				continue
			}
			what := name
			if qual != "" {
				what = qual + "." + name
			}
			return custom, fmt.Sprintf("%s is declared in %s only under //go:build %s", what, p.path, expr)
		}
	}
	return nil, ""
}

// importsOf returns the import paths of a Go file, each followed by its
// local name when it has one ("path=name").
func importsOf(file string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
	if err != nil {
		return nil
	}
	var paths []string
	for _, spec := range f.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		if spec.Name != nil {
			path += "=" + spec.Name.Name
		}
		paths = append(paths, path)
	}
	return paths
}

// ignoredPackage is what go list says of a package and the files the
// build leaves out.
type ignoredPackage struct {
	path, name, alias, dir string
	ignored                []string
}

// listIgnored lists the packages (import paths, "path=alias", or a
// directory), resolved from dir's module.
func listIgnored(dir string, patterns []string) []ignoredPackage {
	alias := make(map[string]string)
	args := []string{"list", "-e", "-f", `{{.ImportPath}}{{"\t"}}{{.Name}}{{"\t"}}{{.Dir}}{{range .IgnoredGoFiles}}{{"\t"}}{{.}}{{end}}`}
	for _, p := range patterns {
		path, name, _ := strings.Cut(p, "=")
		alias[path] = name
		args = append(args, path)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	var pkgs []ignoredPackage
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Split(line, "\t")
		if len(fields) < 3 {
			continue
		}
		pkgs = append(pkgs, ignoredPackage{path: fields[0], name: fields[1], alias: alias[fields[0]], dir: fields[2], ignored: fields[3:]})
	}
	return pkgs
}

// customTags returns the tags of a file's //go:build line that are not a
// system, an architecture, a Go release or a compiler, and the line's
// expression.
func customTags(path string, known map[string]bool) ([]string, string) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil {
		return nil, ""
	}
	for _, group := range f.Comments {
		if group.Pos() > f.Package {
			break
		}
		for _, c := range group.List {
			if !constraint.IsGoBuild(c.Text) {
				continue
			}
			expr, err := constraint.Parse(c.Text)
			if err != nil {
				return nil, ""
			}
			var tags []string
			expr.Eval(func(tag string) bool {
				if !known[tag] && !strings.HasPrefix(tag, "go1.") && !strings.HasPrefix(tag, "goexperiment.") {
					tags = append(tags, tag)
				}
				return true
			})
			slices.Sort(tags)
			return slices.Compact(tags), expr.String()
		}
	}
	return nil, ""
}

// declares reports whether a file declares name at package level.
func declares(path, name string) bool {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.Name == name {
				return true
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					if s.Name.Name == name {
						return true
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.Name == name {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// knownPlatformTags are the tags a build sets itself: every system and
// architecture go knows, the compilers, cgo, unix and ignore (the
// conventional tag of files no build includes).
func knownPlatformTags() map[string]bool {
	out, err := exec.Command("go", "tool", "dist", "list").Output()
	if err != nil {
		return nil
	}
	known := map[string]bool{"gc": true, "gccgo": true, "cgo": true, "unix": true, "ignore": true}
	for _, pair := range strings.Fields(string(out)) {
		system, arch, _ := strings.Cut(pair, "/")
		known[system], known[arch] = true, true
	}
	return known
}

// workingDir is the directory go vet resolves its relative file names from.
func workingDir() string {
	cwd, err := os.Getwd()
	if err != nil {
		return "."
	}
	return cwd
}
