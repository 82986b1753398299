package resultconflict

import (
	"os"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
	"golang.org/x/tools/go/analysis"
)

const (
	crModule        = "sigs.k8s.io/controller-runtime"
	deprecatedSince = "v0.21.0" // the release that deprecated Result.Requeue
)

// requeueDeprecated reports whether the controller-runtime the package
// builds against deprecates Requeue: from the module cache path of the file
// that declares reconcile.Result (the version in the build list), else from
// the requirement of the module's go.mod (vendored or replaced modules).
// When neither tells, it says no: below v0.21, Requeue is the documented
// way to requeue with backoff.
func requeueDeprecated(pass *analysis.Pass, resultFile string) bool {
	v := versionInPath(resultFile)
	if v == "" && pass.Module != nil && pass.Module.GoMod != "" {
		v = required(pass.Module.GoMod)
	}
	return semver.IsValid(v) && semver.Compare(v, deprecatedSince) >= 0
}

// versionInPath reads the version out of a module cache path,
// .../sigs.k8s.io/controller-runtime@v0.21.0/pkg/reconcile/reconcile.go.
func versionInPath(file string) string {
	file = strings.ReplaceAll(file, "\\", "/")
	i := strings.Index(file, crModule+"@")
	if i < 0 {
		return ""
	}
	v := file[i+len(crModule)+1:]
	if j := strings.IndexByte(v, '/'); j >= 0 {
		v = v[:j]
	}
	return v
}

// required is the controller-runtime version a go.mod requires, "" if none.
func required(gomod string) string {
	data, err := os.ReadFile(gomod)
	if err != nil {
		return ""
	}
	f, err := modfile.ParseLax(gomod, data, nil)
	if err != nil {
		return ""
	}
	for _, r := range f.Require {
		if r.Mod.Path == crModule {
			return r.Mod.Version
		}
	}
	return ""
}
