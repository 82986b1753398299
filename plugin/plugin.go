// Package plugin registers reconcilelint as a golangci-lint v2 module plugin.
// Build a custom golangci-lint with it (golangci-lint custom and a
// .custom-gcl.yml, see the README), then enable it in .golangci.yml under
// linters.settings.custom.reconcilelint with type: module.
package plugin

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"golang.org/x/tools/go/analysis"
)

func init() {
	register.Plugin("reconcilelint", New)
}

// New decodes the settings strictly (an unknown key is an error that names
// it) and applies them.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[analyzers.Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("reconcilelint settings: %w", err)
	}
	list, err := s.Analyzers()
	if err != nil {
		return nil, err
	}
	// golangci-lint turns each related information into an issue of its
	// own: a finding reached from three reconcilers would print four times.
	blocking.OmitRelated = true
	// golangci-lint's run.tests decides whether test files are loaded at
	// all; what it loads, the engine analyzes.
	if err := blocking.Analyzer.Flags.Set("tests", "true"); err != nil {
		return nil, err
	}
	return linter{list}, nil
}

type linter struct{ analyzers []*analysis.Analyzer }

func (l linter) BuildAnalyzers() ([]*analysis.Analyzer, error) { return l.analyzers, nil }

func (linter) GetLoadMode() string { return register.LoadModeTypesInfo }
