package model_test

import (
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/blocking"
	"github.com/reconcilelint/reconcilelint/analyzers/model"
)

// TestTable checks every entry: a well-formed name, a reason, and roles that
// make sense for its kind.
func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range model.Funcs {
		if seen[f.Name] {
			t.Errorf("%s: listed twice", f.Name)
		}
		seen[f.Name] = true
		if f.Reason == "" {
			t.Errorf("%s: no reason", f.Name)
		}
		wildcard := strings.HasSuffix(f.Name, ".*") || strings.HasSuffix(f.Name, "/...")
		if !wildcard {
			if err := blocking.ParseFuncName(f.Name); err != nil {
				t.Errorf("%s: %v", f.Name, err)
			}
		}
		switch f.Kind {
		case model.Bounded:
			if len(f.Params) > 0 || f.Check != "" {
				t.Errorf("%s: a bounded entry needs no params and no check", f.Name)
			}
		case model.Sink, model.Timer:
			if f.Check == "" {
				t.Errorf("%s: no check reports it", f.Name)
			}
			if wildcard {
				t.Errorf("%s: a sink must name one function", f.Name)
			}
		default:
			t.Errorf("%s: unknown kind %d", f.Name, f.Kind)
		}
	}
	for _, b := range model.Backoffs {
		if b.Reason == "" || b.Steps <= 0 || b.Duration <= 0 {
			t.Errorf("%s: incomplete backoff", b.Name)
		}
	}
}

func TestIsStd(t *testing.T) {
	for path, want := range map[string]bool{
		"time":                           true,
		"net/http":                       true,
		"example.com/a":                  false,
		"sigs.k8s.io/controller-runtime": false,
		"demo-operator/internal/cloud":   false, // a local module path without a dot
	} {
		if got := model.IsStd(path); got != want {
			t.Errorf("IsStd(%q) = %v, want %v", path, got, want)
		}
	}
}
