// Command reconcilelint finds code that can block a Kubernetes controller's
// reconcile worker. Run it on packages (reconcilelint ./...) or as a vet tool
// (go vet -vettool=$(command -v reconcilelint) ./...).
package main

import (
	"github.com/reconcilelint/reconcilelint/analyzers"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() { multichecker.Main(analyzers.All()...) }
