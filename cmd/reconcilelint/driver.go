package main

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// options are the standalone command's flags.
type options struct {
	json, oneline, fix bool
	tags               string
	tagsInferred       bool   // tags were not given but inferred (see inferTags)
	quiet              bool   // -q: no progress line
	baseline           string // -baseline: report only findings it does not hold
	accepted           *baseline
	writeBaseline      string // -write-baseline: record the findings there
	progress           *progress
	tests              testFiles // the packages' test files, and those skipped
	program            []string  // the packages production code imports (see programList)
	notedModules       bool      // noteUntaggedModules has run
	vetFlags           []string  // the analyzers' flags, passed on to the vet tool
	patterns           []string
}

// parseFlags parses the flags the standalone command and sarif share (the
// analyzers' flags, checked here so that a bad value fails once, with a
// clear message) and those that more adds.
func parseFlags(opts *options, name string, args []string, all []*analysis.Analyzer, stderr io.Writer, more func(*flag.FlagSet)) error {
	fs, passed, tests := newFlagSet(opts, name, all, more)
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return err
	}
	fs.Visit(func(f *flag.Flag) {
		if passed[f.Name] {
			opts.vetFlags = append(opts.vetFlags, "-"+f.Name+"="+f.Value.String())
		}
	})
	if *tests {
		opts.vetFlags = append(opts.vetFlags, "-blocking.tests=true")
	}
	opts.patterns = fs.Args()
	if len(opts.patterns) == 0 {
		opts.patterns = []string{"./..."}
	}
	dropModFlagInWorkspace(stderr)
	switch {
	case opts.baseline != "" && opts.writeBaseline != "":
		return fail(stderr, errors.New("-baseline and -write-baseline exclude each other"))
	case opts.baseline != "":
		// Read before the run: a bad baseline should not cost minutes.
		b, err := readBaseline(opts.baseline)
		if err != nil {
			return fail(stderr, err)
		}
		opts.accepted = b
	}
	return nil
}

// testsOn is whether -tests (or -blocking.tests) is given: then test files
// are part of the program, and a package whose tests fail fails.
func (opts *options) testsOn() bool {
	return slices.Contains(opts.vetFlags, "-blocking.tests=true")
}

func fail(stderr io.Writer, err error) error {
	fmt.Fprintf(stderr, "reconcilelint: %v\n", err)
	return err
}

// newFlagSet declares the flags of the standalone command and sarif, and
// says which of them go on to the vet tool (passed) and where -tests lands.
func newFlagSet(opts *options, name string, all []*analysis.Analyzer, more func(*flag.FlagSet)) (fs *flag.FlagSet, passed map[string]bool, tests *bool) {
	fs = flag.NewFlagSet(name, flag.ContinueOnError)
	fs.StringVar(&opts.tags, "tags", "", "build tags, as for go build")
	tests = fs.Bool("tests", false, "also analyze _test.go files (the same as -blocking.tests)")
	fs.BoolVar(&opts.quiet, "q", false, "print no progress line on a terminal")
	fs.StringVar(&opts.baseline, "baseline", "", "report only the findings that this baseline file does not hold")
	fs.StringVar(&opts.writeBaseline, "write-baseline", "", "record the findings in this baseline file, and print none")
	passed = make(map[string]bool)
	for _, a := range all {
		passed[a.Name] = true
		fs.Bool(a.Name, true, "run the "+a.Name+" analysis")
		a.Flags.VisitAll(func(f *flag.Flag) {
			passed[a.Name+"."+f.Name] = true
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	if more != nil {
		more(fs)
	}
	return fs, passed, tests
}

// standaloneFlags are the flags only the standalone command has.
func standaloneFlags(opts *options) func(*flag.FlagSet) {
	return func(fs *flag.FlagSet) {
		fs.BoolVar(&opts.json, "json", false, "print the findings as JSON, by package and check")
		fs.BoolVar(&opts.oneline, "oneline", false, "print each finding on one line, its chain inside the message")
		fs.BoolVar(&opts.fix, "fix", false, "apply the suggested fixes")
	}
}

// runStandalone is `reconcilelint [flags] [packages]`. It returns the exit
// code: 0 without findings, 3 with findings, 1 on errors, including
// packages that do not load, even when the others have findings (they are
// printed all the same: the run is incomplete, and says so); with -json, 0
// unless there are errors.
func runStandalone(args []string, all []*analysis.Analyzer, stdout, stderr io.Writer) int {
	opts := &options{}
	if err := parseFlags(opts, "reconcilelint", args, all, stderr, standaloneFlags(opts)); err != nil {
		return 1
	}
	if opts.fix {
		return runFix(opts, stdout, stderr)
	}
	opts.progress = newProgress(stderr, opts.quiet)
	found, broken, err := vet(opts, stderr)
	opts.progress.end()
	if err != nil {
		fmt.Fprintf(stderr, "reconcilelint: %v\n", err)
	}
	found, written, berr := applyBaseline(opts, found, stderr)
	switch {
	case berr != nil:
		fmt.Fprintf(stderr, "reconcilelint: %v\n", berr)
		return 1
	case written && (err != nil || broken > 0):
		return 1
	case written:
		return 0
	}
	switch {
	case opts.json:
		if werr := writeJSON(stdout, found); werr != nil {
			fmt.Fprintf(stderr, "reconcilelint: %v\n", werr)
			return 1
		}
	default:
		cwd, _ := os.Getwd()
		for _, d := range found {
			writeText(stdout, d, cwd, opts.oneline)
		}
	}
	fmt.Fprintln(stderr, summary(found, all)+notAnalyzed(broken))
	switch {
	case err != nil, broken > 0:
		return 1
	case len(found) > 0 && !opts.json:
		return 3
	}
	return 0
}

// runFix has go vet apply the suggested fixes to the packages that load.
func runFix(opts *options, stdout, stderr io.Writer) int {
	good, broken, err := load(opts, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "reconcilelint: %v\n", err)
		return 1
	}
	cmd, _, done, err := vetCommand(opts, "-fix", good)
	if err != nil {
		fmt.Fprintf(stderr, "reconcilelint: %v\n", err)
		return 1
	}
	defer done()
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil || broken > 0 {
		return 1
	}
	return 0
}

// diagnostic is one finding, as the vet tool writes it in JSON.
type diagnostic struct {
	Category       string          `json:"category,omitempty"`
	Posn           string          `json:"posn"`
	End            string          `json:"end,omitempty"`
	Message        string          `json:"message"`
	SuggestedFixes json.RawMessage `json:"suggested_fixes,omitempty"`
	Related        []related       `json:"related,omitempty"`

	check string // the analyzer that reported it
	pkg   string // its package's path, without the test variant
}

type related struct {
	Posn    string `json:"posn"`
	End     string `json:"end,omitempty"`
	Message string `json:"message"`
}

// vetCommand is the go vet command that analyzes the packages; call done
// when it has run. $RECONCILELINT_VETTOOL replaces this binary as the vet
// tool, for measuring (bench/vetrss.sh).
func vetCommand(opts *options, mode string, patterns []string) (cmd *exec.Cmd, total int, done func(), err error) {
	self, err := os.Executable()
	if err != nil {
		return nil, 0, nil, fmt.Errorf("cannot find the reconcilelint executable to hand to go vet: %v", err)
	}
	if tool := os.Getenv("RECONCILELINT_VETTOOL"); tool != "" {
		self = tool
	}
	args := []string{"vet", mode, "-vettool=" + self}
	if opts.tags != "" {
		args = append(args, "-tags="+opts.tags)
	}
	overlay, err := opts.tests.overlay()
	if err != nil {
		return nil, 0, nil, err
	}
	if overlay != "" {
		args = append(args, "-overlay="+overlay)
	}
	args = append(args, opts.vetFlags...)
	done = func() {}
	list, total := programList(opts, patterns)
	if list != "" {
		args = append(args, "-blocking.packages="+list)
		done = func() { os.Remove(list) }
	}
	args = append(args, patterns...)
	return exec.Command("go", args...), total, done, nil
}

// programList writes the import paths of the packages that production code
// of the patterns' packages and of the main module imports, directly or not
// (go list -deps without -test), sorted, to a file named by a hash of its content, and returns its name, or
// "" to analyze every package (with -tests, or when go list fails), and the
// number of packages it lists. The vet
// tool builds nothing for the other packages, those only test files import
// (see -blocking.packages): their facts could reach no entry point. The
// name is part of go vet's cache key, so facts computed for one list are
// never replayed for another.
func programList(opts *options, patterns []string) (string, int) {
	for _, f := range opts.vetFlags {
		if strings.HasPrefix(f, "-blocking.tests=true") || strings.HasPrefix(f, "-blocking.packages=") {
			return "", 0
		}
	}
	args := []string{"list", "-e", "-deps", "-f={{.ImportPath}}"}
	if opts.tags != "" {
		args = append(args, "-tags="+opts.tags)
	}
	args = append(args, patterns...)
	// The whole main module's packages too: a run on a few packages then
	// hands go vet the same list as a run on all of them, and so shares its
	// cache (the list changes only when the module's imports do). Not with
	// file names, which go list does not mix with packages.
	files := slices.ContainsFunc(patterns, func(p string) bool { return strings.HasSuffix(p, ".go") })
	if gomod, err := exec.Command("go", "env", "GOMOD").Output(); err == nil && !files {
		if mod := strings.TrimSpace(string(gomod)); filepath.IsAbs(mod) {
			args = append(args, filepath.Join(filepath.Dir(mod), "..."))
		}
	}
	out, err := exec.Command("go", args...).Output()
	if err != nil || len(out) == 0 {
		return "", 0
	}
	paths := slices.Compact(slices.Sorted(slices.Values(strings.Fields(string(out)))))
	opts.program = paths
	out = []byte(strings.Join(paths, "\n") + "\n")
	name := filepath.Join(os.TempDir(), fmt.Sprintf("reconcilelint-packages-%x.txt", hashOf(out)))
	if err := os.WriteFile(name, out, 0o644); err != nil {
		return "", 0
	}
	return name, len(paths)
}

// hashOf names a file by its content.
func hashOf(data []byte) []byte {
	sum := sha256.Sum256(data)
	return sum[:12]
}

// listed is what go list says of a package, or of a pattern that matched
// none.
type listed struct {
	ImportPath string
	ForTest    string // set on a test variant: the package it tests
	Name       string
	Error      *listError
	DepsErrors []*listError

	Dir                       string
	TestGoFiles, XTestGoFiles []string
}

type listError struct {
	ImportStack []string // ends with the package where the error is
	Pos         string
	Err         string
}

// load lists the packages the patterns match, tests included, as go vet
// would load them (same tags, same environment), and returns the import
// paths of those that load, to hand to go vet, and the number of those that
// do not. go vet stops before analyzing anything when one package does not
// load (a module the proxy refuses, a missing build tag, cgo), so the
// packages that do not load are left out, each named on stderr with the
// first of its errors. A package one of whose dependencies (or its tests'
// imports) does not load cannot be type-checked either, so it is left out
// too. Type errors are not load errors: go vet reports them. With -tests
// off, an error only a package's test files cause skips its tests instead
// (see testFiles).
//
// When every package loads, good is the patterns themselves, so that go vet
// sees exactly what the user typed (file names too).
func load(opts *options, stderr io.Writer) (good []string, broken int, err error) {
	args := []string{"list", "-e", "-test", "-json=ImportPath,ForTest,Name,Error,DepsErrors,Dir,TestGoFiles,XTestGoFiles"}
	if opts.tags != "" {
		args = append(args, "-tags="+opts.tags)
	}
	cmd := exec.Command("go", append(args, opts.patterns...)...)
	var out bytes.Buffer
	// go list's own messages go to stderr as they come: the modules it
	// downloads on a first run, or why it failed.
	cmd.Stdout, cmd.Stderr = &out, stderr
	if err := cmd.Run(); err != nil {
		return nil, 0, fmt.Errorf("go list: %v (see above)", err)
	}
	var order []string                  // packages (not test variants), as go list prints them
	firstErr := make(map[string]string) // a package's first load error, its test variants' too with -tests
	testErr := make(map[string]string)  // with -tests off, the first load error of a package's tests
	dec := json.NewDecoder(&out)
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, 0, fmt.Errorf("reading go list's output: %v", err)
		}
		pkg := p.ForTest
		switch {
		case pkg != "":
		case p.Name == "main" && strings.HasSuffix(p.ImportPath, ".test"):
			continue // a test binary: its errors are its variants'
		default:
			pkg = p.ImportPath
			order = append(order, pkg)
			opts.tests.add(pkg, p.Dir, slices.Concat(p.TestGoFiles, p.XTestGoFiles))
		}
		errs := firstErr
		if p.ForTest != "" && !opts.testsOn() {
			errs = testErr
		}
		if _, ok := errs[pkg]; ok {
			continue
		}
		if e := cmp.Or(p.Error, firstOf(p.DepsErrors)); e != nil {
			errs[pkg] = e.describe(pkg)
		}
	}
	for _, pkg := range order {
		if why, ok := testErr[pkg]; ok && firstErr[pkg] == "" {
			opts.tests.skip(pkg, "they do not load: "+why, stderr)
		}
	}
	var bad []string
	for _, pkg := range order {
		if msg, ok := firstErr[pkg]; ok {
			bad = append(bad, fmt.Sprintf("reconcilelint: %s: cannot load: %s; not analyzed", pkg, msg))
		} else {
			good = append(good, pkg)
		}
	}
	slices.Sort(bad)
	for _, line := range bad {
		fmt.Fprintln(stderr, line)
	}
	switch {
	case len(good) == 0 && len(bad) == 0:
		return nil, 0, fmt.Errorf("%s matched no packages", strings.Join(opts.patterns, " "))
	case len(good) == 0:
		return nil, len(bad), fmt.Errorf("no package of %s loads; nothing was analyzed", strings.Join(opts.patterns, " "))
	case len(bad) == 0:
		return opts.patterns, 0, nil
	}
	return good, len(bad), nil
}

func firstOf(errs []*listError) *listError {
	if len(errs) == 0 {
		return nil
	}
	return errs[0]
}

// describe puts the error of pkg on one line, at its position, and names
// the dependency it comes from when that is another package. go's hints on
// the lines after the first ("to add it:\n\tgo get ...") join the line.
func (e *listError) describe(pkg string) string {
	msg := strings.Join(strings.Fields(e.Err), " ")
	if e.Pos != "" {
		msg = e.Pos + ": " + msg
	}
	if len(e.ImportStack) > 0 {
		// "example.com/m/p (test)" is p's test files.
		// "example.com/m/p_test" is p's external test package: p's own too.
		if from, _, _ := strings.Cut(e.ImportStack[len(e.ImportStack)-1], " "); from != pkg && from != pkg+"_test" {
			msg = "its dependency " + from + " does not load: " + msg
		}
	}
	return msg
}

// vet runs go vet with this binary as the vet tool on the packages that
// load and returns the findings of every package, each once (a package and
// its test variant report the same ones), sorted by file, line, column and
// check, and the number of packages that did not load (named on stderr).
// go vet's own messages (type errors, downloads) go to stderr as they come.
func vet(opts *options, stderr io.Writer) ([]diagnostic, int, error) {
	p := opts.progress
	stderr = p.writer(stderr)
	p.setPhase("listing packages")
	good, broken, err := load(opts, stderr)
	if err != nil {
		return nil, broken, err
	}
	cmd, total, done, err := vetCommand(opts, "-json", good)
	if err != nil {
		return nil, broken, err
	}
	defer done()
	if !opts.notedModules && opts.program != nil {
		opts.notedModules = true
		noteUntaggedModules(opts, opts.program, stderr)
	}
	env, stopWatching := p.watchVet(total)
	defer stopWatching()
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, io.MultiWriter(stderr, &errs)
	runErr := cmd.Run()
	if runErr != nil && !opts.testsOn() && opts.tests.skipFailingTests(errs.String(), workingDir(), stderr) {
		return vet(opts, stderr)
	}
	if runErr != nil && opts.tags == "" && !opts.tagsInferred {
		if tags, reasons := inferTags(errs.String(), workingDir()); len(tags) > 0 {
			opts.tags, opts.tagsInferred = strings.Join(tags, ","), true
			fmt.Fprintf(stderr, "reconcilelint: the packages do not type-check without build tags: %s; analyzing them again with -tags=%s (set -tags to choose)\n",
				strings.Join(reasons, "; "), opts.tags)
			return vet(opts, stderr)
		}
	}

	var found []diagnostic
	var problems []string
	seen := make(map[string]bool)
	packages := 0
	dec := json.NewDecoder(&out)
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return found, broken, fmt.Errorf("reading go vet's output: %v", err)
		}
		packages++
		for id, checks := range tree {
			pkg, _, _ := strings.Cut(id, " ")
			for check, raw := range checks {
				var failed struct{ Error string }
				if json.Unmarshal(raw, &failed) == nil && failed.Error != "" {
					problems = append(problems, fmt.Sprintf("%s: %s: %s", pkg, check, failed.Error))
					continue
				}
				var diags []diagnostic
				if err := json.Unmarshal(raw, &diags); err != nil {
					return found, broken, fmt.Errorf("reading go vet's output for %s: %v", pkg, err)
				}
				for _, d := range diags {
					d.check, d.pkg = check, pkg
					key := check + "\x00" + d.Posn + "\x00" + d.Message
					if !seen[key] {
						seen[key] = true
						found = append(found, d)
					}
				}
			}
		}
	}
	sortDiagnostics(found)
	found = mergeAcrossPackages(found)
	var exit *exec.ExitError
	switch {
	case errors.As(runErr, &exit):
		problems = append(problems, "go vet failed: a package did not load or type-check (see above)")
	case runErr != nil:
		problems = append(problems, fmt.Sprintf("running go vet: %v", runErr))
	case packages == 0:
		problems = append(problems, fmt.Sprintf("%s matched no packages", strings.Join(opts.patterns, " ")))
	}
	slices.Sort(problems)
	if len(problems) > 0 {
		return found, broken, errors.New(strings.Join(problems, "\nreconcilelint: "))
	}
	return found, broken, nil
}

// mergeAcrossPackages keeps one finding per check and position when
// several packages report there: a fix site in a helper package that the
// controllers package and main (through a binding) both reach, one fix. The
// one with the shortest message stays; the others' chains become its
// related information, as the engine does for the entry points of one
// package. found is sorted, and stays so.
func mergeAcrossPackages(found []diagnostic) []diagnostic {
	first := make(map[string]int) // key -> index in kept
	var kept []diagnostic
	for _, d := range found {
		key := d.check + "\x00" + d.Posn
		i, ok := first[key]
		if !ok {
			first[key] = len(kept)
			kept = append(kept, d)
			continue
		}
		k := &kept[i]
		if len(d.Message) < len(k.Message) || len(d.Message) == len(k.Message) && d.Message < k.Message {
			*k, d = d, *k
		}
		_, chain, _ := splitMessage(d.Message)
		_, keptChain, _ := splitMessage(k.Message)
		switch {
		case len(chain) == 0 || len(keptChain) == 0:
			k.Related = append(k.Related, related{Posn: d.Posn, Message: "also: " + d.Message})
		case chain[len(chain)-1] != keptChain[len(keptChain)-1]:
			k.Related = append(k.Related, related{Posn: d.Posn, Message: "also blocks in " + chain[len(chain)-1] + ": " + strings.Join(chain, " -> ")})
		default:
			k.Related = append(k.Related, related{Posn: d.Posn, Message: "also reached: " + strings.Join(chain, " -> ")})
		}
		// Its own places (the other entry points a binding reaches it
		// from) are the kept finding's too.
		for _, r := range d.Related {
			if !slices.Contains(k.Related, r) {
				k.Related = append(k.Related, r)
			}
		}
	}
	return kept
}

// position splits "file:line:col".
func position(posn string) (file string, line, col int) {
	file = posn
	if i := strings.LastIndex(file, ":"); i >= 0 {
		col, _ = strconv.Atoi(file[i+1:])
		file = file[:i]
	}
	if i := strings.LastIndex(file, ":"); i >= 0 {
		line, _ = strconv.Atoi(file[i+1:])
		file = file[:i]
	}
	return file, line, col
}

func sortDiagnostics(found []diagnostic) {
	slices.SortFunc(found, func(a, b diagnostic) int {
		fa, la, ca := position(a.Posn)
		fb, lb, cb := position(b.Posn)
		return cmp.Or(strings.Compare(fa, fb), cmp.Compare(la, lb), cmp.Compare(ca, cb),
			strings.Compare(a.check, b.check), strings.Compare(a.Message, b.Message))
	})
}

// relative shortens a file name below the working directory.
func relative(file, cwd string) string {
	if rel, err := filepath.Rel(cwd, file); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return file
}

// writeText prints a finding the way compilers and linters do, naming the
// check: "file:line:col: message (check)". Unless oneline, the chain of
// calls follows on indented lines, one frame per line, then the fix.
func writeText(w io.Writer, d diagnostic, cwd string, oneline bool) {
	file, line, col := position(d.Posn)
	where := fmt.Sprintf("%s:%d:%d", relative(file, cwd), line, col)
	head, frames, fix := splitMessage(d.Message)
	if oneline || len(frames) == 0 {
		fmt.Fprintf(w, "%s: %s (%s)\n", where, d.Message, d.check)
		return
	}
	fmt.Fprintf(w, "%s: %s (%s)\n", where, head, d.check)
	for _, f := range frames {
		fmt.Fprintf(w, "    %s\n", f)
	}
	writePlaces(w, d, cwd)
	if fix != "" {
		fmt.Fprintf(w, "  fix: %s\n", fix)
	}
}

// shownPlaces is how many of a finding's places the text output prints;
// JSON and SARIF carry them all.
const shownPlaces = 5

// writePlaces prints the other places a finding's fix cures (other
// operations, other entry points), one indented line each, the first
// shownPlaces of them and then how many more. A place is named by its
// position when that is not the finding's own (a binding's places are in
// other packages: their chains name them).
func writePlaces(w io.Writer, d diagnostic, cwd string) {
	ownFile, ownLine, _ := position(d.Posn)
	for i, r := range d.Related {
		if i == shownPlaces {
			fmt.Fprintf(w, "  + %d more places (-json or sarif lists them all)\n", len(d.Related)-shownPlaces)
			return
		}
		file, line, _ := position(r.Posn)
		if file == ownFile && line == ownLine {
			fmt.Fprintf(w, "  + %s\n", r.Message)
			continue
		}
		fmt.Fprintf(w, "  + %s:%d: %s\n", relative(file, cwd), line, r.Message)
	}
}

// splitMessage cuts a message of the form "what: chain; fix" at its chain:
// the frames "F (pkg/file.go:12)" joined by " -> ", ending in the sink.
func splitMessage(msg string) (head string, frames []string, fix string) {
	locs := frame.FindAllStringIndex(msg, -1)
	if len(locs) == 0 {
		return msg, nil, ""
	}
	start, last := locs[0][0], locs[len(locs)-1][1]
	end := len(msg)
	if i := strings.Index(msg[last:], "; "); i >= 0 {
		end = last + i
		fix = msg[end+2:]
	}
	head = msg[:start]
	// What a merged finding adds at the end of the message belongs with the
	// head: "(also reached from 2 other entry points)".
	if loc := mergedSuffix.FindStringIndex(fix); loc != nil {
		head, fix = head+fix[loc[0]:], fix[:loc[0]]
	}
	return head, strings.Split(strings.TrimPrefix(msg[start:end], ": "), " -> "), fix
}

// mergedSuffix matches what blocking.Finding.Diagnostic appends.
var mergedSuffix = regexp.MustCompile(`( \((also reached from|and) \d+ other [^)]*\))+$`)

// writeJSON prints the findings as go/analysis drivers do, by package and
// check, each finding once.
func writeJSON(w io.Writer, found []diagnostic) error {
	tree := make(map[string]map[string][]diagnostic)
	for _, d := range found {
		if tree[d.pkg] == nil {
			tree[d.pkg] = make(map[string][]diagnostic)
		}
		tree[d.pkg][d.check] = append(tree[d.pkg][d.check], d)
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// summary counts the findings by check, most first, for stderr:
// "6 findings: 2 sleeploop, 2 httptimeout, 1 ctxdeadline, 1 finalizerrequeue".
func summary(found []diagnostic, all []*analysis.Analyzer) string {
	counts := make(map[string]int)
	for _, d := range found {
		counts[d.check]++
	}
	var names []string
	for _, a := range all {
		if counts[a.Name] > 0 {
			names = append(names, a.Name)
		}
	}
	slices.SortStableFunc(names, func(a, b string) int { return cmp.Compare(counts[b], counts[a]) })
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%d %s", counts[n], n)
	}
	s := fmt.Sprintf("%d findings", len(found))
	if len(found) == 1 {
		s = "1 finding"
	}
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	return s
}

// notAnalyzed completes the summary when packages did not load: findings
// alone would read as a complete run.
func notAnalyzed(broken int) string {
	switch broken {
	case 0:
		return ""
	case 1:
		return "; 1 package not analyzed: it does not load (see above)"
	}
	return fmt.Sprintf("; %d packages not analyzed: they do not load (see above)", broken)
}
