package plugin

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
)

func TestNew(t *testing.T) {
	p, err := New(map[string]any{"min-duration": "2s", "checks": []any{"sleeploop", "httptimeout"}})
	if err != nil {
		t.Fatal(err)
	}
	list, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range list {
		names = append(names, a.Name)
	}
	if got := strings.Join(names, ","); got != "blocking,sleeploop,httptimeout" {
		t.Errorf("analyzers = %s", got)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode = %s", p.GetLoadMode())
	}
	// golangci-lint would print each related information as an issue.
	f := blocking.Finding{Effect: blocking.Effect{Chain: []blocking.Frame{{Func: "a"}}},
		Also: []blocking.Effect{{Chain: []blocking.Frame{{Func: "b"}}}}}
	if d := f.Diagnostic("sleeploop", "m"); len(d.Related) > 0 || !strings.Contains(d.Message, "also reached from 1 other entry point") {
		t.Errorf("under golangci-lint: related %v, message %q; want the count in the message only", d.Related, d.Message)
	}
	// Back to the defaults for the other tests.
	if _, err := New(map[string]any{"min-duration": "1s"}); err != nil {
		t.Fatal(err)
	}
}

func TestNewRejectsBadSettings(t *testing.T) {
	for _, tc := range []struct {
		settings map[string]any
		message  string
	}{
		{map[string]any{"min-duraton": "2s"}, `unknown field "min-duraton"`},
		{map[string]any{"min-duration": "-2s"}, "min-duration: negative duration"},
		{map[string]any{"min-duration": 5}, "cannot unmarshal number"},
		{map[string]any{"checks": []any{"sleepy"}}, `unknown check "sleepy"`},
		{map[string]any{"entries": []any{"syncHandler"}}, `bad function name "syncHandler"`},
	} {
		if _, err := New(tc.settings); err == nil || !strings.Contains(err.Error(), tc.message) {
			t.Errorf("New(%v) = %v, want an error containing %q", tc.settings, err, tc.message)
		}
	}
}

func TestRegistered(t *testing.T) {
	if _, err := register.GetPlugin("reconcilelint"); err != nil {
		t.Fatal(err)
	}
}
