package httptimeout_test

import (
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/httptimeout"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestHTTPTimeout(t *testing.T) {
	fixtures.Across(t, fixtures.Dir(t), httptimeout.Analyzer, "example.com/httpx/controllers", "example.com/httpx/cmd", "example.com/httpx/helpers/fetch", "example.com/httpx/sdk", "example.com/realhttp/...", "example.com/factories/...", "example.com/factorydispatch/...", "example.com/resolve/controllers", "example.com/resolve/probe", "example.com/resolve/fieldfunc/...", "example.com/resolve/hooked", "example.com/resolve/portahelper", "example.com/resolve/execsdk", "example.com/resolve/requester", "example.com/resolve/ifaceresult/...", "example.com/resolve/narrowiface/...", "example.com/resolve/setterglobal/...", "example.com/sdkctor", "example.com/dials", "example.com/streamctl", "example.com/closurefactory/...", "example.com/clientcache/...", "example.com/objstore/...", "example.com/specfetch/...", "example.com/retryhttp/...", "example.com/copyreq/...")
}

// TestSuggestedFix checks the fix against local.go.golden, which gofmt accepts.
func TestSuggestedFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, fixtures.Dir(t), httptimeout.Analyzer, "example.com/httpx/local")
}

// TestStrict: a client of unknown origin is reported with -strict only.
func TestStrict(t *testing.T) {
	var quiet fixtures.Recorder
	analysistest.Run(&quiet, fixtures.Dir(t), httptimeout.Analyzer, "example.com/httpx/strict")
	if len(quiet.Errors) != 1 || !strings.Contains(quiet.Errors[0], "no diagnostic was reported") {
		t.Errorf("without -strict: want only the missing strict finding, got %q", quiet.Errors)
	}

	if err := blocking.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	defer blocking.Analyzer.Flags.Set("strict", "false")
	analysistest.Run(t, fixtures.Dir(t), httptimeout.Analyzer, "example.com/httpx/strict")
}
