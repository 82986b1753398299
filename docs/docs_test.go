package docs_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/docs"
)

// TestEveryCheckHasAPage wants docs/checks/<check>.md, embedded, for every
// analyzer but the engine, with the sections a user looks for.
func TestEveryCheckHasAPage(t *testing.T) {
	for _, a := range analyzers.All() {
		if a.Name == "blocking" {
			continue
		}
		page, ok := docs.Check(a.Name)
		if !ok {
			t.Errorf("docs/checks/%s.md is missing", a.Name)
			continue
		}
		for _, section := range []string{"## What it reports", "## How to fix", "## What is not reported", "## Flags and settings", "## Known limits"} {
			if !strings.Contains(page, "\n"+section+"\n") {
				t.Errorf("docs/checks/%s.md has no section %q", a.Name, section)
			}
		}
		if !strings.Contains(page, "```go") {
			t.Errorf("docs/checks/%s.md shows no example", a.Name)
		}
	}
}

var (
	link    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	heading = regexp.MustCompile(`(?m)^#+ (.+)$`)
	fence   = regexp.MustCompile("(?s)```.*?```")
	code    = regexp.MustCompile("`[^`\n]*`")
)

// TestRelativeLinksResolve follows every relative link of README.md and
// docs/ to its file, and to its heading when it names one.
func TestRelativeLinksResolve(t *testing.T) {
	files, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	checks, _ := filepath.Glob(filepath.Join("checks", "*.md"))
	files = append(append(files, checks...), filepath.Join("..", "README.md"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text := code.ReplaceAllString(fence.ReplaceAllString(string(data), ""), "")
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, anchor, _ := strings.Cut(target, "#")
			dest := file
			if path != "" {
				dest = filepath.Join(filepath.Dir(file), path)
			}
			info, err := os.Stat(dest)
			if err != nil {
				t.Errorf("%s: link %s: %v", file, target, err)
				continue
			}
			if anchor == "" || info.IsDir() {
				continue
			}
			if !hasAnchor(t, dest, anchor) {
				t.Errorf("%s: link %s: %s has no heading #%s", file, target, dest, anchor)
			}
		}
	}
}

// hasAnchor tells whether a heading of file has the anchor GitHub gives it:
// lower case, punctuation dropped, spaces made hyphens.
func hasAnchor(t *testing.T, file, anchor string) bool {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range heading.FindAllStringSubmatch(fence.ReplaceAllString(string(data), ""), -1) {
		if slug(m[1]) == anchor {
			return true
		}
	}
	return false
}

func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		}
	}
	return b.String()
}
