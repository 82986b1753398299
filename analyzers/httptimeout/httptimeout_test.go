package httptimeout_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/httptimeout"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestHTTPTimeout(t *testing.T) {
	fixtures.Across(t, fixtures.Dir(t), httptimeout.Analyzer, "example.com/httpx/controllers", "example.com/httpx/cmd", "example.com/httpx/helpers/fetch", "example.com/httpx/sdk", "example.com/realhttp/...", "example.com/factories/...", "example.com/factorydispatch/...", "example.com/resolve/controllers", "example.com/resolve/probe", "example.com/resolve/fieldfunc/...", "example.com/resolve/hooked", "example.com/resolve/portahelper", "example.com/resolve/execsdk", "example.com/resolve/requester", "example.com/resolve/ifaceresult/...", "example.com/resolve/narrowiface/...", "example.com/resolve/setterglobal/...", "example.com/sdkctor", "example.com/dials", "example.com/streamctl", "example.com/closurefactory/...", "example.com/clientcache/...", "example.com/objstore/...", "example.com/specfetch/...", "example.com/retryhttp/...", "example.com/copyreq/...", "example.com/origins/...", "example.com/originsdk", "example.com/optsdk", "example.com/openopt/...", "example.com/openoptset/config", "example.com/openoptset/authctl", "example.com/factorysite/...", "example.com/nilctx/...", "example.com/nilctxsdk", "example.com/setafter/...")
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

// TestOrigins: one client made without a Timeout, reached under three
// context.Background() calls of a helper package: one finding at the
// client's constructor call, whose places name the other two Background()
// calls (each a fix of its own for the requests under it).
func TestOrigins(t *testing.T) {
	var rec fixtures.Recorder // TestHTTPTimeout checks the want comments
	results := analysistest.Run(&rec, fixtures.Dir(t), httptimeout.Analyzer, "example.com/origins/...", "example.com/originsdk")
	var findings int
	var places []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			findings++
			for _, rel := range d.Related {
				places = append(places, rel.Message)
			}
		}
	}
	joined := strings.Join(places, "\n")
	if findings != 1 || !strings.Contains(joined, "context.Background() (api/api.go:29)") || !strings.Contains(joined, "context.Background() (api/api.go:20)") {
		t.Errorf("want one finding whose places name the Background() calls at api.go:20 and api.go:29, got %d findings, places:\n%s", findings, joined)
	}
}

// TestBindingPlaces: a binding in main whose implementation reaches one sink
// on two ways (the kind reconciler's delete and its declare) is one finding,
// led by the shorter chain, the other its place.
func TestBindingPlaces(t *testing.T) {
	var rec fixtures.Recorder // TestHTTPTimeout checks the want comments
	results := analysistest.Run(&rec, fixtures.Dir(t), httptimeout.Analyzer, "example.com/factorydispatch/...")
	found := false
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if r.Pass.Fset.Position(d.Pos).Line != 11 || !strings.Contains(d.Message, "QueueReconciler).DeleteFunc") {
				continue
			}
			for _, rel := range d.Related {
				found = found || strings.Contains(rel.Message, "QueueReconciler).DeclareFunc")
			}
		}
	}
	if !found {
		t.Error("want the binding at factorydispatch/cmd/main.go:11 led by DeleteFunc, with the DeclareFunc chain as a place")
	}
}

// TestGuessedImplementation: a dependency's interface call that may run
// any of several implementations it converts (a credentials provider) is
// a guess, not followed by default: the module builds the client with
// static keys, and the SDK's STS provider, which has no timeout, is not
// reported (fixture module testdata/mod/guessimpl).
func TestGuessedImplementation(t *testing.T) {
	analysistest.Run(t, filepath.Join(fixtures.Dir(t), "mod", "guessimpl"), httptimeout.Analyzer, "./...")
}

// TestScopes: a service of the module under review (no controller-runtime
// in sight) calls the SDK client that its scope holds; the controller
// builds the scope from a params struct with a client its factory made
// without a Timeout. The call is decided where the scope is built, through
// the scope's constructor (fixture module testdata/mod/scopes; the factory
// that sets a Timeout is silent).
func TestScopes(t *testing.T) {
	analysistest.Run(t, filepath.Join(fixtures.Dir(t), "mod", "scopes"), httptimeout.Analyzer, "./...")
}

// TestScopeFactory: the SDK client the scope holds is made by a factory of
// another package of the module, bound to the reconciler in main; the
// factory's NewClient returns a wrapper whose method calls the SDK client
// it built. The factory whose clients have a Timeout is silent (fixture
// module testdata/mod/scopefactory).
func TestScopeFactory(t *testing.T) {
	fixtures.Across(t, filepath.Join(fixtures.Dir(t), "mod", "scopefactory"), httptimeout.Analyzer, "./...")
}
