package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// runSARIF is `reconcilelint sarif [flags] [packages]`: it analyzes the
// packages like the standalone driver and writes a SARIF 2.1.0 log, with
// each finding's call chain as a code flow, one location per frame. It
// returns the exit code: 0 without findings, 3 with findings, 1 on errors.
func runSARIF(args []string, analyzers []*analysis.Analyzer, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("reconcilelint sarif", flag.ContinueOnError)
	fs.SetOutput(stderr)
	output := fs.String("o", "", "write the SARIF log to this file instead of standard output")
	for _, a := range analyzers {
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
	}
	if err := fs.Parse(args); err != nil {
		return 1
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax}, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "reconcilelint: %v\n", err)
		return 1
	}
	if len(pkgs) == 0 {
		fmt.Fprintf(stderr, "reconcilelint: no packages match %s\n", strings.Join(patterns, " "))
		return 1
	}
	if packages.PrintErrors(pkgs) > 0 {
		return 1
	}
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "reconcilelint: %v\n", err)
		return 1
	}
	cwd, _ := os.Getwd()
	log, findings := buildSARIF(graph, pkgs, analyzers, cwd)
	data, err := json.MarshalIndent(log, "", "  ")
	if err != nil {
		fmt.Fprintf(stderr, "reconcilelint: %v\n", err)
		return 1
	}
	data = append(data, '\n')
	if *output != "" {
		err = os.WriteFile(*output, data, 0o644)
	} else {
		_, err = stdout.Write(data)
	}
	if err != nil {
		fmt.Fprintf(stderr, "reconcilelint: %v\n", err)
		return 1
	}
	for act := range graph.All() {
		if act.IsRoot && act.Err != nil {
			fmt.Fprintf(stderr, "reconcilelint: %s: %v\n", act, act.Err)
			return 1
		}
	}
	if findings > 0 {
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

func buildSARIF(graph *checker.Graph, pkgs []*packages.Package, analyzers []*analysis.Analyzer, cwd string) (sarifLog, int) {
	driver := sarifDriver{Name: "reconcilelint", InformationURI: "https://github.com/reconcilelint/reconcilelint"}
	for _, a := range analyzers {
		title, _, _ := strings.Cut(a.Doc, "\n")
		driver.Rules = append(driver.Rules, sarifRule{
			ID: a.Name, ShortDescription: sarifMessage{title}, FullDescription: sarifMessage{a.Doc}, HelpURI: a.URL,
		})
	}
	files := frameFiles(pkgs)
	results := []sarifResult{}
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			pos := act.Package.Fset.Position(d.Pos)
			result := sarifResult{
				RuleID:    act.Analyzer.Name,
				Level:     "warning",
				Message:   sarifMessage{d.Message},
				Locations: []sarifLocation{{PhysicalLocation: physical(pos.Filename, pos.Line, pos.Column, cwd)}},
			}
			if flow := chainFlow(d.Message, files, cwd); len(flow) > 0 {
				result.CodeFlows = []sarifCodeFlow{{ThreadFlows: []sarifThreadFlow{{Locations: flow}}}}
			}
			results = append(results, result)
		}
	}
	slices.SortFunc(results, func(a, b sarifResult) int {
		return strings.Compare(resultKey(a), resultKey(b))
	})
	return sarifLog{
		Version: "2.1.0",
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Runs:    []sarifRun{{Tool: sarifTool{Driver: driver}, Results: results}},
	}, len(results)
}

func resultKey(r sarifResult) string {
	loc := r.Locations[0].PhysicalLocation
	return fmt.Sprintf("%s:%09d:%09d:%s:%s", loc.ArtifactLocation.URI, loc.Region.StartLine, loc.Region.StartColumn, r.RuleID, r.Message.Text)
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

// frameFiles indexes the source files of every loaded package by the short
// name chains use, "pkgdir/file.go".
func frameFiles(pkgs []*packages.Package) map[string]string {
	files := make(map[string]string)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, f := range p.CompiledGoFiles {
			files[path.Base(p.PkgPath)+"/"+filepath.Base(f)] = f
		}
	})
	return files
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
