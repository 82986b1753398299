package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// runSARIF is `reconcilelint sarif [flags] [packages]`: it analyzes the
// packages like the standalone command and writes a SARIF 2.1.0 log, with
// each finding's call chain as a code flow, one location per frame, and the
// chains from the other entry points that reach the same place as further
// code flows. It returns the exit code: 0 without findings, 3 with
// findings, 1 on errors. When packages do not load, it still writes the log
// of those that do (the workflow uploads it), and exits 1.
func runSARIF(args []string, analyzers []*analysis.Analyzer, stdout, stderr io.Writer) int {
	opts := &options{}
	var output string
	err := parseFlags(opts, "reconcilelint sarif", args, analyzers, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&output, "o", "", "write the SARIF log to this file instead of standard output")
	})
	if err != nil {
		return 1
	}
	opts.progress = newProgress(stderr, opts.quiet)
	found, broken, err := vet(opts, stderr)
	opts.progress.end()
	if err != nil {
		fmt.Fprintf(stderr, "reconcilelint: %v\n", err)
		return 1
	}
	found, written, err := applyBaseline(opts, found, stderr)
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "reconcilelint: %v\n", err)
		return 1
	case written && broken > 0:
		return 1
	case written:
		return 0
	}
	files, err := frameFiles(opts)
	if err != nil {
		fmt.Fprintf(stderr, "reconcilelint: %v\n", err)
		return 1
	}
	cwd, _ := os.Getwd()
	data, err := json.MarshalIndent(buildSARIF(found, files, analyzers, cwd), "", "  ")
	if err != nil {
		fmt.Fprintf(stderr, "reconcilelint: %v\n", err)
		return 1
	}
	data = append(data, '\n')
	if output != "" {
		err = os.WriteFile(output, data, 0o644)
	} else {
		_, err = stdout.Write(data)
	}
	if err != nil {
		fmt.Fprintf(stderr, "reconcilelint: %v\n", err)
		return 1
	}
	fmt.Fprintln(stderr, summary(found, analyzers)+notAnalyzed(broken))
	switch {
	case broken > 0:
		return 1
	case len(found) > 0:
		return 3
	}
	return 0
}

// The parts of SARIF 2.1.0 that reconcilelint writes.
type (
	sarifLog struct {
		Version string     `json:"version"`
		Schema  string     `json:"$schema"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string       `json:"id"`
		ShortDescription sarifMessage `json:"shortDescription"`
		FullDescription  sarifMessage `json:"fullDescription"`
		HelpURI          string       `json:"helpUri"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID    string          `json:"ruleId"`
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations"`
		CodeFlows []sarifCodeFlow `json:"codeFlows,omitempty"`
	}
	sarifLocation struct {
		PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
		Message          *sarifMessage  `json:"message,omitempty"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           sarifRegion   `json:"region"`
	}
	sarifArtifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
	}
	sarifCodeFlow struct {
		ThreadFlows []sarifThreadFlow `json:"threadFlows"`
	}
	sarifThreadFlow struct {
		Locations []sarifFlowLocation `json:"locations"`
	}
	sarifFlowLocation struct {
		Location sarifLocation `json:"location"`
	}
)

func buildSARIF(found []diagnostic, files map[string]string, analyzers []*analysis.Analyzer, cwd string) sarifLog {
	driver := sarifDriver{Name: "reconcilelint", InformationURI: "https://github.com/reconcilelint/reconcilelint"}
	for _, a := range analyzers {
		title, _, _ := strings.Cut(a.Doc, "\n")
		driver.Rules = append(driver.Rules, sarifRule{
			ID: a.Name, ShortDescription: sarifMessage{title}, FullDescription: sarifMessage{a.Doc}, HelpURI: a.URL,
		})
	}
	results := []sarifResult{}
	for _, d := range found {
		file, line, col := position(d.Posn)
		result := sarifResult{
			RuleID:    d.check,
			Level:     "warning",
			Message:   sarifMessage{d.Message},
			Locations: []sarifLocation{{PhysicalLocation: physical(file, line, col, cwd)}},
		}
		chains := []string{d.Message}
		for _, r := range d.Related {
			chains = append(chains, ": "+relatedPrefix.ReplaceAllString(r.Message, ""))
		}
		for _, chain := range chains {
			if flow := chainFlow(chain, files, cwd); len(flow) > 0 {
				result.CodeFlows = append(result.CodeFlows, sarifCodeFlow{ThreadFlows: []sarifThreadFlow{{Locations: flow}}})
			}
		}
		results = append(results, result)
	}
	return sarifLog{
		Version: "2.1.0",
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Runs:    []sarifRun{{Tool: sarifTool{Driver: driver}, Results: results}},
	}
}

// physical makes a location, relative to the working directory when the
// file is below it (what code scanning expects), absolute otherwise.
func physical(file string, line, col int, cwd string) *sarifPhysical {
	uri, base := filepath.ToSlash(file), ""
	if rel, err := filepath.Rel(cwd, file); err == nil && !strings.HasPrefix(rel, "..") {
		uri, base = filepath.ToSlash(rel), "%SRCROOT%"
	} else {
		uri = "file://" + uri
	}
	return &sarifPhysical{ArtifactLocation: sarifArtifact{URI: uri, URIBaseID: base}, Region: sarifRegion{StartLine: line, StartColumn: col}}
}

// frameFiles indexes the source files of the packages and their
// dependencies by the short name chains use, "pkgdir/file.go", as go list
// reports them.
func frameFiles(opts *options) (map[string]string, error) {
	args := []string{"list", "-e", "-deps", "-test", "-f",
		`{{.ImportPath}}{{range .GoFiles}}{{"\t"}}{{$.Dir}}/{{.}}{{end}}{{range .TestGoFiles}}{{"\t"}}{{$.Dir}}/{{.}}{{end}}{{range .XTestGoFiles}}{{"\t"}}{{$.Dir}}/{{.}}{{end}}`}
	if opts.tags != "" {
		args = append(args, "-tags="+opts.tags)
	}
	out, err := exec.Command("go", append(args, opts.patterns...)...).Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v", err)
	}
	files := make(map[string]string)
	for _, line := range strings.Split(string(out), "\n") {
		fields := strings.Split(line, "\t")
		pkg, _, _ := strings.Cut(fields[0], " ")
		for _, f := range fields[1:] {
			files[path.Base(pkg)+"/"+filepath.Base(f)] = f
		}
	}
	return files, nil
}

// A frame of the chain in a message: "F (pkg/file.go:12)", after ": " (the
// first) or " -> " (the others).
var frame = regexp.MustCompile(`(?:: | -> )(\S+) \(([^ ()]+\.go):(\d+)\)`)

// chainFlow turns the call chain of a message into code-flow locations.
func chainFlow(message string, files map[string]string, cwd string) []sarifFlowLocation {
	var flow []sarifFlowLocation
	for _, m := range frame.FindAllStringSubmatch(message, -1) {
		line, _ := strconv.Atoi(m[3])
		loc := sarifLocation{Message: &sarifMessage{m[1]}}
		if file, ok := files[m[2]]; ok {
			loc.PhysicalLocation = physical(file, line, 0, cwd)
		}
		flow = append(flow, sarifFlowLocation{Location: loc})
	}
	return flow
}

// relatedPrefix is how blocking.Finding.Diagnostic introduces another chain.
var relatedPrefix = regexp.MustCompile(`^also (reached|blocks in [^:]*): `)
