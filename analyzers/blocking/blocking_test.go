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
		if !strings.Contains(e, ": no diagnostic was reported matching ") {
			t.Error(e)
		}
	}
	return results
}

// TestFactEncoding checks that every summary the fixtures produce survives a
// gob round trip and encodes to the same bytes every time.
func TestFactEncoding(t *testing.T) {
	results := runFacts(t)
	var n int
	for _, r := range results {
		for _, fact := range r.Facts {
			for _, f := range fact {
				summary := f.(*blocking.Summary)
				first, second := encode(t, summary), encode(t, summary)
				if !bytes.Equal(first, second) {
					t.Errorf("%v encodes differently on two runs", summary)
				}
				var decoded blocking.Summary
				if err := gob.NewDecoder(bytes.NewReader(first)).Decode(&decoded); err != nil {
					t.Fatal(err)
				}
				if decoded.String() != summary.String() || !bytes.Equal(encode(t, &decoded), first) {
					t.Errorf("round trip changed %v into %v", summary, &decoded)
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("the fixtures produced no facts")
	}
}

func encode(t *testing.T, s *blocking.Summary) []byte {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(s); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
