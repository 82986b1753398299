// Command baseline is the benchmark's reference vet tool: it does what every
// vet tool must (parse, type-check, export a fact per package, so that go vet
// runs it on every dependency) and nothing else. With BASELINE_SSA=1 in the
// environment it also builds SSA for every package, as SSA-based linters do.
package main

import (
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
	"golang.org/x/tools/go/ssa"
)

var analyzer = &analysis.Analyzer{
	Name:      "baseline",
	Doc:       "parse, type-check and export one fact per package (the benchmark's baseline)",
	Run:       run,
	FactTypes: []analysis.Fact{(*analyzed)(nil)},
}

// analyzed is the one package fact.
type analyzed struct{ Files int }

func (*analyzed) AFact() {}

func run(pass *analysis.Pass) (any, error) {
	if os.Getenv("BASELINE_SSA") == "1" {
		prog := ssa.NewProgram(pass.Fset, 0)
		for _, p := range pass.Pkg.Imports() {
			prog.CreatePackage(p, nil, nil, true)
		}
		prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false).Build()
	}
	pass.ExportPackageFact(&analyzed{Files: len(pass.Files)})
	return nil, nil
}

func main() { unitchecker.Main(analyzer) }
