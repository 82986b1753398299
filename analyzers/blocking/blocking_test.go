package blocking_test

import (
	"bytes"
	"encoding/gob"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtures"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestFacts checks the summaries exported across packages, including for an
// unexported function and a sink suppressed by an ignore directive.
func TestFacts(t *testing.T) {
	runFacts(t)
}

// runFacts checks the facts the fixtures want. The engine reports no
// finding of its own, so the wants of findings that the checks report in
// these files (fetch.go holds the fix site of a finding of the httpx
// controllers) are not its to meet; every other failure is.
func runFacts(t *testing.T) []*analysistest.Result {
	var rec fixtures.Recorder
	results := analysistest.Run(&rec, fixtures.Dir(t), blocking.Analyzer, "example.com/facts/...", "example.com/httpx/sdk", "example.com/httpx/helpers/...")
	for _, e := range rec.Errors {
		// Which fields a package sets (Enables) is for the checks'
		// fixtures to show, where it decides a finding (sleeploop's
		// TestDeadOptions, openopt and openoptset).
		if !strings.Contains(e, ": no diagnostic was reported matching ") && !strings.Contains(e, ") enables ") {
			t.Error(e)
		}
	}
	return results
}

// TestFactEncoding checks that every summary and every package's field
// constants the fixtures produce survive a gob round trip and encode to the
// same bytes every time.
func TestFactEncoding(t *testing.T) {
	results := runFacts(t)
	var n int
	for _, r := range results {
		for _, fact := range r.Facts {
			for _, f := range fact {
				switch f := f.(type) {
				case *blocking.Summary:
					roundTrip(t, f, &blocking.Summary{})
					n++
				case *blocking.Enables:
					roundTrip(t, f, &blocking.Enables{})
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("the fixtures produced no facts")
	}
	var fields int
	for _, r := range runFieldConstants(t) {
		for _, f := range r.Pass.AllPackageFacts() {
			if consts, ok := f.Fact.(*blocking.FieldConstants); ok && f.Package == r.Pass.Pkg {
				roundTrip(t, consts, &blocking.FieldConstants{})
				fields++
			}
		}
	}
	if fields == 0 {
		t.Fatal("the fixtures exported no field constants")
	}
}

// roundTrip encodes fact twice and decodes it into empty.
func roundTrip[F interface{ String() string }](t *testing.T, fact, empty F) {
	t.Helper()
	first, second := encode(t, fact), encode(t, fact)
	if !bytes.Equal(first, second) {
		t.Errorf("%v encodes differently on two runs", fact)
	}
	if err := gob.NewDecoder(bytes.NewReader(first)).Decode(empty); err != nil {
		t.Fatal(err)
	}
	if empty.String() != fact.String() || !bytes.Equal(encode(t, empty), first) {
		t.Errorf("round trip changed %v into %v", fact, empty)
	}
}

func encode(t *testing.T, s any) []byte {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(s); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// runFieldConstants runs the engine on the fixture of loops whose limits
// are fields: its library and its defaults export what they store. The
// fixture's wants are sleeploop's, and its summaries TestFacts's to check.
func runFieldConstants(t *testing.T) []*analysistest.Result {
	var ignored fixtures.Recorder
	return analysistest.Run(&ignored, fixtures.Dir(t), blocking.Analyzer, "example.com/loopbounds/...")
}
