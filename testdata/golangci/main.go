// Command golangci-lint is golangci-lint v2 with the reconcilelint module
// plugin linked in: what `golangci-lint custom` builds from .custom-gcl.yml,
// built here without cloning golangci-lint from GitHub.
package main

import (
	"fmt"
	"os"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/reconcilelint/reconcilelint/plugin"
)

func main() {
	info := commands.BuildInfo{Version: "2.15.0-custom-reconcilelint", GoVersion: "go"}
	if err := commands.Execute(info); err != nil {
		fmt.Fprintf(os.Stderr, "golangci-lint: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
