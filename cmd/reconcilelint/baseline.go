package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// A baseline records the findings a team accepts for now, so that a gate
// fails on new findings only. An entry names a finding without its
// position: lines move when code is added above a finding, and its message
// names lines of other files too. What stays is the check, the file, the
// function the finding sits in and the message with its line numbers left
// out. Entries match findings one for one: two identical findings need two
// entries.
type baseline struct {
	Version  int             `json:"reconcilelint_baseline"`
	Findings []baselineEntry `json:"findings"`
}

type baselineEntry struct {
	Check    string `json:"check"`
	File     string `json:"file"`     // slash-separated, relative to the module root
	Function string `json:"function"` // "(*T).Method", "Func", or "" outside functions
	Message  string `json:"message"`  // without line numbers and counts
}

// baselineVersion changes when an entry's fields or their normalization do:
// an older baseline would then match nothing, silently, so it is refused.
const baselineVersion = 1

// baselineKeys computes the entries of the findings, in their order.
type baselineKeys struct {
	root  string                     // the module root, to which files are relative
	funcs map[string][]enclosingFunc // file -> its functions, parsed once
	fset  *token.FileSet
}

type enclosingFunc struct {
	name       string
	start, end int // lines
}

func newBaselineKeys() *baselineKeys {
	k := &baselineKeys{funcs: make(map[string][]enclosingFunc), fset: token.NewFileSet()}
	if out, err := exec.Command("go", "env", "GOMOD").Output(); err == nil {
		if mod := strings.TrimSpace(string(out)); filepath.IsAbs(mod) {
			k.root = filepath.Dir(mod)
		}
	}
	if k.root == "" {
		k.root, _ = os.Getwd()
	}
	return k
}

func (k *baselineKeys) entry(d diagnostic) baselineEntry {
	file, line, _ := position(d.Posn)
	rel := file
	if r, err := filepath.Rel(k.root, file); err == nil && !strings.HasPrefix(r, "..") {
		rel = filepath.ToSlash(r)
	}
	return baselineEntry{Check: d.check, File: rel, Function: k.function(file, line), Message: withoutLines(d.Message)}
}

// function names the function declaration holding line of file; a func
// literal counts as the declaration it is written in.
func (k *baselineKeys) function(file string, line int) string {
	funcs, ok := k.funcs[file]
	if !ok {
		if f, err := parser.ParseFile(k.fset, file, nil, parser.SkipObjectResolution); err == nil {
			for _, decl := range f.Decls {
				if fd, ok := decl.(*ast.FuncDecl); ok {
					funcs = append(funcs, enclosingFunc{
						name:  funcDeclName(fd),
						start: k.fset.Position(fd.Pos()).Line,
						end:   k.fset.Position(fd.End()).Line,
					})
				}
			}
		}
		k.funcs[file] = funcs
	}
	for _, f := range funcs {
		if f.start <= line && line <= f.end {
			return f.name
		}
	}
	return ""
}

func funcDeclName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	recv := fd.Recv.List[0].Type
	star := ""
	if s, ok := recv.(*ast.StarExpr); ok {
		star, recv = "*", s.X
	}
	switch t := recv.(type) {
	case *ast.IndexExpr:
		recv = t.X
	case *ast.IndexListExpr:
		recv = t.X
	}
	name := "?"
	if id, ok := recv.(*ast.Ident); ok {
		name = id.Name
	}
	return fmt.Sprintf("(%s%s).%s", star, name, fd.Name.Name)
}

var (
	lineNumbers = regexp.MustCompile(`\.go:\d+(:\d+)?`)
	otherCounts = regexp.MustCompile(`\b\d+ other\b`)
)

// withoutLines drops what moves when code is edited elsewhere: the line
// numbers of the frames, and the counts of other places and entries.
func withoutLines(msg string) string {
	msg = lineNumbers.ReplaceAllString(msg, ".go")
	return otherCounts.ReplaceAllString(msg, "N other")
}

func compareEntries(a, b baselineEntry) int {
	return cmp.Or(strings.Compare(a.File, b.File), strings.Compare(a.Function, b.Function),
		strings.Compare(a.Check, b.Check), strings.Compare(a.Message, b.Message))
}

// writeBaseline records the findings in name, sorted, so that the file
// changes only when the findings do.
func writeBaseline(name string, found []diagnostic) error {
	keys := newBaselineKeys()
	b := baseline{Version: baselineVersion, Findings: []baselineEntry{}}
	for _, d := range found {
		b.Findings = append(b.Findings, keys.entry(d))
	}
	slices.SortFunc(b.Findings, compareEntries)
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(name, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("cannot write the baseline: %v", err)
	}
	return nil
}

// readBaseline reads and checks a baseline file.
func readBaseline(name string) (*baseline, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("cannot read the baseline: %v", err)
	}
	var b baseline
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("%s is not a reconcilelint baseline: %v", name, err)
	}
	switch {
	case b.Version == 0:
		return nil, fmt.Errorf("%s is not a reconcilelint baseline: it has no \"reconcilelint_baseline\" version", name)
	case b.Version != baselineVersion:
		return nil, fmt.Errorf("%s is a baseline of version %d; this reconcilelint reads version %d: write it again with -write-baseline", name, b.Version, baselineVersion)
	}
	for i, e := range b.Findings {
		if e.Check == "" || e.File == "" || e.Message == "" {
			return nil, fmt.Errorf("%s is not a reconcilelint baseline: finding %d lacks its check, file or message", name, i+1)
		}
	}
	return &b, nil
}

// filterBaseline returns the findings that the baseline does not hold, in
// their order, and how many it matched. Each entry matches one finding.
func filterBaseline(found []diagnostic, b *baseline) (fresh []diagnostic, matched int) {
	left := make(map[baselineEntry]int)
	for _, e := range b.Findings {
		left[e]++
	}
	keys := newBaselineKeys()
	for _, d := range found {
		if e := keys.entry(d); left[e] > 0 {
			left[e]--
			matched++
			continue
		}
		fresh = append(fresh, d)
	}
	return fresh, matched
}

// applyBaseline is what -baseline and -write-baseline do to a run's
// findings: it returns the findings to print and report in the exit code,
// and whether the run is over (the baseline was written).
func applyBaseline(opts *options, found []diagnostic, stderr io.Writer) ([]diagnostic, bool, error) {
	switch {
	case opts.writeBaseline != "":
		if err := writeBaseline(opts.writeBaseline, found); err != nil {
			return nil, true, err
		}
		fmt.Fprintf(stderr, "reconcilelint: wrote %d findings to the baseline %s\n", len(found), opts.writeBaseline)
		return nil, true, nil
	case opts.accepted != nil:
		fresh, matched := filterBaseline(found, opts.accepted)
		fmt.Fprintf(stderr, "reconcilelint: the baseline %s matched %d of %d findings; new: %d\n", opts.baseline, matched, len(found), len(fresh))
		return fresh, false, nil
	}
	return found, false, nil
}
