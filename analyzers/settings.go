package analyzers

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/sleeploop"
	"golang.org/x/tools/go/analysis"
)

// Settings configure reconcilelint from golangci-lint's
// linters.settings.custom.reconcilelint.settings. Each field sets the CLI
// flag of the same meaning, so the defaults are the flags' defaults, in one
// place. The README documents every field with an example.
type Settings struct {
	// Checks lists the checks to run; empty runs them all.
	Checks []string `json:"checks,omitempty"`
	// MinDuration is -sleeploop.min-duration, e.g. "5s".
	MinDuration string `json:"min-duration,omitempty"`
	// Entries is -blocking.entries: extra entry points by full name.
	Entries []string `json:"entries,omitempty"`
	// Sinks is -blocking.sinks: functions that wait with no limit.
	Sinks []string `json:"sinks,omitempty"`
	// Bounded is -blocking.bounded: functions that return in bounded time.
	Bounded []string `json:"bounded,omitempty"`
	// AssumeReconciliationTimeout is -blocking.assume-reconciliation-timeout.
	AssumeReconciliationTimeout bool `json:"assume-reconciliation-timeout,omitempty"`
	// Strict is -blocking.strict.
	Strict bool `json:"strict,omitempty"`
}

// Analyzers applies the settings to the analyzers' flags and returns the
// analyzers to run: the engine and the selected checks.
func (s Settings) Analyzers() ([]*analysis.Analyzer, error) {
	set := func(a *analysis.Analyzer, flag, key, value string) error {
		if err := a.Flags.Set(flag, value); err != nil {
			return fmt.Errorf("reconcilelint setting %s: %w", key, err)
		}
		return nil
	}
	var errs []error
	if s.MinDuration != "" {
		errs = append(errs, set(sleeploop.Analyzer, "min-duration", "min-duration", s.MinDuration))
	}
	for flag, names := range map[string][]string{"entries": s.Entries, "sinks": s.Sinks, "bounded": s.Bounded} {
		errs = append(errs, set(blocking.Analyzer, flag, flag, strings.Join(names, ",")))
	}
	errs = append(errs,
		set(blocking.Analyzer, "assume-reconciliation-timeout", "assume-reconciliation-timeout", strconv.FormatBool(s.AssumeReconciliationTimeout)),
		set(blocking.Analyzer, "strict", "strict", strconv.FormatBool(s.Strict)))
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}

	all := All()
	if len(s.Checks) == 0 {
		return all, nil
	}
	selected := []*analysis.Analyzer{blocking.Analyzer}
	for _, name := range s.Checks {
		i := slices.IndexFunc(all, func(a *analysis.Analyzer) bool { return a.Name == name && a != blocking.Analyzer })
		if i < 0 {
			return nil, fmt.Errorf("reconcilelint setting checks: unknown check %q; the checks are %s", name, strings.Join(CheckNames(), ", "))
		}
		selected = append(selected, all[i])
	}
	return selected, nil
}

// CheckNames lists the checks, without the engine.
func CheckNames() []string {
	var names []string
	for _, a := range All() {
		if a != blocking.Analyzer {
			names = append(names, a.Name)
		}
	}
	return names
}
