// Command reconcilelint finds code that can block a Kubernetes controller's
// reconcile worker. Run it on packages (reconcilelint ./...), as a vet tool
// (go vet -vettool=$(command -v reconcilelint) ./...), or as a CI gate that
// writes SARIF (reconcilelint sarif ./...).
//
// The standalone command drives go vet with itself as the vet tool: go vet
// analyzes one package per process, dependencies first, passing only facts
// on, so memory grows with the largest package rather than with the program,
// and go vet's build cache makes a second run cheap. The standalone command
// then merges, sorts and prints what the packages reported.
package main

import (
	"os"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() {
	args := os.Args[1:]
	switch {
	case len(args) > 0 && args[0] == "help":
		os.Exit(runHelp(args[1:], analyzers.All(), os.Stdout, os.Stderr))
	case calledByGoVet(args):
		if strings.HasSuffix(args[len(args)-1], ".cfg") {
			noteAnalyzed(args)
		}
		limitMemory(os.Getenv)
		profileHeapPeaks()
		multichecker.Main(analyzers.All()...)
	case len(args) > 0 && args[0] == "sarif":
		os.Exit(runSARIF(args[1:], analyzers.All(), os.Stdout, os.Stderr))
	default:
		os.Exit(runStandalone(args, analyzers.All(), os.Stdout, os.Stderr))
	}
}

// calledByGoVet recognises the vet tool protocol (go vet asks for -V=full
// and -flags, then passes one vet.cfg per package).
func calledByGoVet(args []string) bool {
	if len(args) == 0 {
		return false
	}
	if strings.HasSuffix(args[len(args)-1], ".cfg") {
		return true
	}
	for _, a := range args {
		if strings.HasPrefix(a, "-V") || a == "-flags" {
			return true
		}
	}
	return false
}
