// Command reconcilelint finds code that can block a Kubernetes controller's
// reconcile worker. Run it on packages (reconcilelint ./...), as a vet tool
// (go vet -vettool=$(command -v reconcilelint) ./...), or as a CI gate that
// writes SARIF (reconcilelint sarif ./...).
package main

import (
	"os"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "sarif" {
		os.Exit(runSARIF(os.Args[2:], analyzers.All(), os.Stdout, os.Stderr))
	}
	multichecker.Main(analyzers.All()...)
}
