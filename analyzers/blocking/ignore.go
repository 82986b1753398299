package blocking

import (
	"go/ast"
	"go/token"
	"strings"
)

// IgnoreDirective is the comment that suppresses a finding, in any driver.
const IgnoreDirective = "//reconcilelint:ignore"

// ParseIgnore reports whether a comment is an ignore directive and returns
// its reason. "//reconcilelint:ignore waits for the cache, bounded by ctx" has
// the reason "waits for the cache, bounded by ctx".
func ParseIgnore(comment string) (reason string, ok bool) {
	rest, ok := strings.CutPrefix(comment, IgnoreDirective)
	if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return "", false
	}
	return strings.TrimSpace(rest), true
}

type fileLine struct {
	file string
	line int
}

// ignoredLines are the lines an ignore directive covers: its own line and,
// for a directive alone on its line, the line below.
type ignoredLines map[fileLine]bool

func findIgnored(fset *token.FileSet, files []*ast.File) ignoredLines {
	lines := ignoredLines{}
	for _, f := range files {
		for _, group := range f.Comments {
			for _, c := range group.List {
				if _, ok := ParseIgnore(c.Text); !ok {
					continue
				}
				p := fset.Position(c.Slash)
				lines[fileLine{p.Filename, p.Line}] = true
				lines[fileLine{p.Filename, p.Line + 1}] = true
			}
		}
	}
	return lines
}

func (l ignoredLines) at(fset *token.FileSet, pos token.Pos) bool {
	if len(l) == 0 || !pos.IsValid() {
		return false
	}
	p := fset.Position(pos)
	return l[fileLine{p.Filename, p.Line}]
}
