// Package docs holds reconcilelint's documentation. The checks' pages are
// embedded, so that `reconcilelint help <check>` prints the page a user
// would otherwise open in the repository.
package docs

import (
	"embed"
	"io/fs"
)

//go:embed checks/*.md
var checks embed.FS

// Check returns the page of the named check, docs/checks/<name>.md.
func Check(name string) (string, bool) {
	data, err := fs.ReadFile(checks, "checks/"+name+".md")
	return string(data), err == nil
}
