package sleeploop_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"github.com/reconcilelint/reconcilelint/analyzers/sleeploop"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestSleeploop(t *testing.T) {
	if err := blocking.Analyzer.Flags.Set("entries", "(*example.com/entries.Controller).syncHandler"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/entries", "example.com/waits", "example.com/cross/...", "example.com/deleting", "example.com/shared", "example.com/injectwait/...", "example.com/workers", "example.com/phases")
}

func TestMinDuration(t *testing.T) {
	if err := sleeploop.Analyzer.Flags.Set("min-duration", "1m"); err != nil {
		t.Fatal(err)
	}
	defer sleeploop.Analyzer.Flags.Set("min-duration", "1s")
	analysistest.Run(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/threshold")
}

func TestMinDurationRejectsNegative(t *testing.T) {
	if err := sleeploop.Analyzer.Flags.Set("min-duration", "-1s"); err == nil {
		t.Error("a negative duration was accepted")
	}
}

func TestUserSinksAndBounded(t *testing.T) {
	for flag, value := range map[string]string{
		"sinks":   "(*example.com/custom.Vendor).WaitForOperation",
		"bounded": "example.com/custom.Flush",
	} {
		if err := blocking.Analyzer.Flags.Set(flag, value); err != nil {
			t.Fatal(err)
		}
		defer blocking.Analyzer.Flags.Set(flag, "")
	}
	analysistest.Run(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/custom")
}
