package sleeploop_test

import (
	"path/filepath"
	"strings"
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
	// The fixtures' waits of a few seconds show what the engine finds: a
	// threshold below them.
	if err := sleeploop.Analyzer.Flags.Set("min-duration", "1s"); err != nil {
		t.Fatal(err)
	}
	defer sleeploop.Analyzer.Flags.Set("min-duration", sleeploop.DefaultMinDuration.String())
	fixtures.Across(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/entries", "example.com/waits", "example.com/cross/...", "example.com/helperwait/...", "example.com/deleting", "example.com/shared", "example.com/injectwait/...", "example.com/hiddenimpl/...", "example.com/workers/...", "example.com/generic/...", "example.com/phases", "example.com/retries", "example.com/retryhttp/silent", "example.com/callopts/...")
}

func TestMinDuration(t *testing.T) {
	if err := sleeploop.Analyzer.Flags.Set("min-duration", "1m"); err != nil {
		t.Fatal(err)
	}
	defer sleeploop.Analyzer.Flags.Set("min-duration", sleeploop.DefaultMinDuration.String())
	analysistest.Run(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/threshold")
}

// TestDefaultThreshold: at the default threshold, short waits and conflict
// retries are silent; totals decide.
func TestDefaultThreshold(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/threshold/defaults")
}

// TestStrict: a wait of a length the engine cannot compute is reported
// with -strict only, marked as unproven.
func TestStrict(t *testing.T) {
	var quiet fixtures.Recorder
	analysistest.Run(&quiet, fixtures.Dir(t), sleeploop.Analyzer, "example.com/waits/strict")
	if len(quiet.Errors) != 1 || !strings.Contains(quiet.Errors[0], "no diagnostic was reported") {
		t.Errorf("without -strict: want only the missing strict finding, got %q", quiet.Errors)
	}

	if err := blocking.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	defer blocking.Analyzer.Flags.Set("strict", "false")
	analysistest.Run(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/waits/strict")
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

// TestTestFiles: an envtest suite, a reconciler declared in a test, a fake
// in a test file and a mock package only tests import are not production
// code: silent by default, reported with -tests.
func TestTestFiles(t *testing.T) {
	var quiet fixtures.Recorder
	analysistest.Run(&quiet, fixtures.Dir(t), sleeploop.Analyzer, "example.com/testfiles/...")
	for _, e := range quiet.Errors {
		if !strings.Contains(e, "no diagnostic was reported") {
			t.Errorf("without -tests: unexpected %s", e)
		}
	}
	if len(quiet.Errors) == 0 {
		t.Errorf("without -tests: the fixture's findings in test files were reported")
	}
	// The engine reports only its internal errors: a package variable
	// declared in a test file must not cause one.
	var engine fixtures.Recorder
	analysistest.Run(&engine, fixtures.Dir(t), blocking.Analyzer, "example.com/testfiles/...")
	for _, e := range engine.Errors {
		if strings.Contains(e, "internal error") {
			t.Error(e)
		}
	}

	if err := blocking.Analyzer.Flags.Set("tests", "true"); err != nil {
		t.Fatal(err)
	}
	defer blocking.Analyzer.Flags.Set("tests", "false")
	// The mock's Check is an implementation only in the test variant of the
	// package, so its finding, at the mock's wait (module code: the fix
	// site), cannot carry a want comment (the plain variants, analyzed too,
	// must not report it): it must be the one diagnostic no comment expects.
	var loud fixtures.Recorder
	analysistest.Run(&loud, fixtures.Dir(t), sleeploop.Analyzer, "example.com/testfiles/...")
	if len(loud.Errors) != 1 || !strings.Contains(loud.Errors[0], "mocks.go:18:12: unexpected diagnostic") ||
		!strings.Contains(loud.Errors[0], "(mocks.SlowCleaner).Check") {
		t.Errorf("with -tests: want the findings in test files and the mock's Check, got %q", loud.Errors)
	}
}

// TestAwait: a wait for goroutines (a result channel, an errgroup, a
// WaitGroup) waits as long as their work.
func TestAwait(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/resolve/await")
}

// TestWaitBounds: phases in a slice of structs, polls bounded by their
// context's deadline, and selects guarded by a timer or a deadline, at the
// default threshold.
func TestWaitBounds(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/waitbounds/...")
}

// TestLoopBounds: at the default threshold, a counted loop's total comes
// from its guard: a limit an SDK's constructor or an API's defaults store
// into a field, or one a caller passes. A count nothing in the code sets
// is no proof.
func TestLoopBounds(t *testing.T) {
	analysistest.Run(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/loopbounds/...")
}

// TestCtxLoop: a loop that a ctx's Done ends polls until that ctx's
// deadline; two calls of a poll helper that each choose its limit are two
// chains of the helper's finding, the second printed as its place.
func TestCtxLoop(t *testing.T) {
	results := analysistest.Run(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/ctxloop")
	var related []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if strings.Contains(d.Message, "(*ctxloop.Upgrader).Reconcile") {
				related = append(related, d.Message)
				for _, rel := range d.Related {
					related = append(related, rel.Message)
				}
			}
		}
	}
	joined := strings.Join(related, "\n")
	if len(related) != 2 || !strings.Contains(joined, "waitRestart") || !strings.Contains(joined, "waitSynced") {
		t.Errorf("want one finding for the helper's wait, reached through waitRestart and waitSynced:\n%s", joined)
	}
}

// TestDeadOptions: a library's wait behind an option (a dial that blocks
// only under WithBlock) is reported only in a program that sets it,
// directly or through a helper of another package; so is one behind an
// exported config field (a retry only EnableRetry turns on), set in
// another package of the module (openoptset) or nowhere (openopt).
func TestDeadOptions(t *testing.T) {
	fixtures.Across(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/deadopt/...", "example.com/optsdk", "example.com/openopt/...", "example.com/openoptset/config", "example.com/openoptset/retryctl")
}

// TestShortInnerPlaces: a short retry that a loop's call repeats counts
// into the loop's wait and is no place of the finding (PodRestart), however
// long the loop makes it in all.
func TestShortInnerPlaces(t *testing.T) {
	var quiet fixtures.Recorder
	results := analysistest.Run(&quiet, fixtures.Dir(t), sleeploop.Analyzer, "example.com/waits")
	found := false
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if !strings.Contains(d.Message, "(*waits.PodRestart).check") {
				continue
			}
			found = true
			for _, rel := range d.Related {
				if strings.Contains(rel.Message, "lookupRetry") {
					t.Errorf("the 300ms retry is a place of the loop's finding: %s", rel.Message)
				}
			}
		}
	}
	if !found {
		t.Fatal("no finding for PodRestart's loop")
	}
}

// TestOneWayPerOperation: two ways from one entry to one call out of its
// package (Reconcile calls auth.Login, and so does its finalizer's helper)
// are one place; another entry that reaches the wait is another.
func TestOneWayPerOperation(t *testing.T) {
	fixtures.Across(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/routes/...")
	var rec fixtures.Recorder // Across checks the want comments
	results := analysistest.Run(&rec, fixtures.Dir(t), sleeploop.Analyzer, "example.com/routes/...")
	var related []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				related = append(related, rel.Message)
			}
		}
	}
	joined := strings.Join(related, "\n")
	if len(related) != 1 || !strings.Contains(joined, "also reached: (*ctrl.QueueReconciler).Reconcile") {
		t.Errorf("want QueueReconciler's chain as the one place, and no second way from BucketReconciler:\n%s", joined)
	}
}

// TestChosenInHelperPackage: a poll whose limit a helper package passes to
// its own wait is one finding at the wait, whichever controller package
// reaches it, not one per call into the helper package.
func TestChosenInHelperPackage(t *testing.T) {
	fixtures.Across(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/chosenwait/...")
}

// TestComponentClients: components of another package call their client,
// an interface field. One calls it seventy times and then sleeps 30s: its
// fact keeps MaxEffects effects, and the wait is kept over the repeated
// client calls. Another's constructor builds the client itself, whose
// method waits: the constructor's fact says what the field's methods do
// (fixture module testdata/mod/wideclient).
func TestComponentClients(t *testing.T) {
	fixtures.Across(t, filepath.Join(fixtures.Dir(t), "mod", "wideclient"), sleeploop.Analyzer, "./...")
}

// TestThroughFactory: a factory package that only names the providers'
// types and converts them to an interface must be analyzed (the pre-check,
// on in this test, keeps it), or the calls through what it returns resolve
// to nothing. The other tests name an entry with -entries, which turns the
// pre-check off.
func TestThroughFactory(t *testing.T) {
	fixtures.Across(t, fixtures.Dir(t), sleeploop.Analyzer, "example.com/providerfactory/...")
}
