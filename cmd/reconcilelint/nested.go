package main

import (
	"fmt"
	"io"
	"io/fs"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// A repository may keep providers in nested modules that the root module
// reaches through local replace directives, and register them only under a
// build tag of its own (`//go:build aws` on the file that imports them, set
// by the Makefile). Without the tag they are not in the build, so nothing
// of them is analyzed, silently. The engine counts such modules as the
// project's code (see analyzers/blocking/project.go); here the command
// says which of them the build leaves out, and the tags that bring them in.

// localModule is a module that the main module replaces with one of its
// own directories.
type localModule struct{ path, dir string }

// localModules lists the modules replaced by a directory under root.
func localModules(opts *options, root string) []localModule {
	args := []string{"list", "-m", "-e", "-f", "{{.Path}}\t{{with .Replace}}{{.Dir}}{{end}}"}
	if opts.tags != "" {
		args = append(args, "-tags="+opts.tags)
	}
	out, err := exec.Command("go", append(args, "all")...).Output()
	if err != nil {
		return nil
	}
	var mods []localModule
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, dir, _ := strings.Cut(line, "\t")
		if rel, err := filepath.Rel(root, dir); dir != "" && err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			mods = append(mods, localModule{path, dir})
		}
	}
	return mods
}

// noteUntaggedModules says on stderr which local modules have no package
// in the program (programPaths, the packages the patterns import) while a
// file of the main module that a custom build tag guards imports one.
func noteUntaggedModules(opts *options, programPaths []string, stderr io.Writer) {
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	mod := strings.TrimSpace(string(gomod))
	if err != nil || !filepath.IsAbs(mod) {
		return
	}
	root := filepath.Dir(mod)
	mods := localModules(opts, root)
	if len(mods) == 0 {
		return
	}
	var missing []localModule
	for _, m := range mods {
		if !slices.ContainsFunc(programPaths, func(p string) bool { return p == m.path || strings.HasPrefix(p, m.path+"/") }) {
			missing = append(missing, m)
		}
	}
	if len(missing) == 0 {
		return
	}
	known := knownPlatformTags()
	if known == nil {
		return
	}
	guarded := make(map[string][]string) // module path -> "file under //go:build expr"
	tagsOf := make(map[string][]string)
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if p != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor" ||
				slices.ContainsFunc(mods, func(m localModule) bool { return m.dir == p })) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		for _, imp := range importsOf(p) {
			imp, _, _ = strings.Cut(imp, "=")
			for _, m := range missing {
				if imp != m.path && !strings.HasPrefix(imp, m.path+"/") {
					continue
				}
				if tags, expr := customTags(p, known); len(tags) > 0 {
					rel, _ := filepath.Rel(root, p)
					guarded[m.path] = append(guarded[m.path], fmt.Sprintf("%s under //go:build %s", filepath.ToSlash(rel), expr))
					tagsOf[m.path] = append(tagsOf[m.path], tags...)
				}
			}
		}
		return nil
	})
	for _, m := range missing {
		if len(guarded[m.path]) == 0 {
			continue
		}
		tags := slices.Compact(slices.Sorted(slices.Values(tagsOf[m.path])))
		rel, _ := filepath.Rel(root, m.dir)
		fmt.Fprintf(stderr, "reconcilelint: %s (./%s, a module of this repository) is imported only by %s, so it is not analyzed; set -tags=%s to analyze it\n",
			m.path, filepath.ToSlash(rel), strings.Join(slices.Compact(slices.Sorted(slices.Values(guarded[m.path]))), ", "), strings.Join(tags, ","))
	}
}
