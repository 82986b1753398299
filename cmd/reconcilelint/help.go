package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/reconcilelint/reconcilelint/docs"
	"golang.org/x/tools/go/analysis"
)

// runHelp is `reconcilelint help`: the ways to run it, the checks and the
// flags; and `reconcilelint help <check>`: the check's page
// (docs/checks/<check>.md), then the flags that belong to it.
func runHelp(args []string, all []*analysis.Analyzer, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		writeHelp(stdout, all)
		return 0
	case 1:
		for _, a := range all {
			if a.Name != args[0] {
				continue
			}
			if page, ok := docs.Check(a.Name); ok {
				fmt.Fprint(stdout, page)
			} else {
				fmt.Fprintf(stdout, "%s: %s\n", a.Name, a.Doc)
			}
			writeAnalyzerFlags(stdout, a)
			return 0
		}
		fmt.Fprintf(stderr, "reconcilelint: help: no check named %q; `reconcilelint help` lists them\n", args[0])
		return 1
	}
	fmt.Fprintln(stderr, "reconcilelint: help takes at most one check name")
	return 1
}

func writeHelp(w io.Writer, all []*analysis.Analyzer) {
	fmt.Fprint(w, `reconcilelint finds code that can block a Kubernetes controller's reconcile worker.

Usage:
  reconcilelint [flags] [packages]                 print the findings (exit 3 when there are some)
  reconcilelint sarif [-o file] [flags] [packages]  write them as SARIF 2.1.0
  go vet -vettool=$(command -v reconcilelint) [analyzer flags] [packages]
  reconcilelint help [check]                       this text, or a check's page

Checks (all on; -NAME=false turns one off):
`)
	for _, a := range all {
		if a.Name == "blocking" {
			continue // the engine, not a check of its own
		}
		fmt.Fprintf(w, "  %-17s %s\n", a.Name, firstLine(a.Doc))
	}
	fmt.Fprint(w, "\nFlags:\n")
	opts := &options{}
	fs, _, _ := newFlagSet(opts, "reconcilelint", all, func(fs *flag.FlagSet) {
		standaloneFlags(opts)(fs)
		fs.String("o", "", "sarif only: write the SARIF log to this file instead of standard output")
	})
	checks := make(map[string]bool)
	for _, a := range all {
		checks[a.Name] = true
	}
	fs.VisitAll(func(f *flag.Flag) {
		if !checks[f.Name] {
			fmt.Fprintf(w, "  -%s\n    \t%s\n", f.Name, f.Usage)
		}
	})
}

// writeAnalyzerFlags lists the flags of one analyzer, as they are given on
// the command line.
func writeAnalyzerFlags(w io.Writer, a *analysis.Analyzer) {
	first := true
	a.Flags.VisitAll(func(f *flag.Flag) {
		if first {
			fmt.Fprint(w, "\nFlags:\n")
			first = false
		}
		fmt.Fprintf(w, "  -%s.%s (default %q)\n    \t%s\n", a.Name, f.Name, f.DefValue, f.Usage)
	})
}

func firstLine(doc string) string {
	line, _, _ := strings.Cut(doc, "\n")
	return line
}
