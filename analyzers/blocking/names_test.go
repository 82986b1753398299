package blocking

import (
	"strings"
	"testing"
)

func TestParseFuncName(t *testing.T) {
	for name, wantErr := range map[string]string{
		"example.com/ctl.Run":                          "",
		"(*example.com/ctl.Controller).syncHandler":    "",
		"(example.com/ctl.Controller).processNextItem": "",
		"k8s.io/client-go/util/retry.OnError":          "",
		"Run":                                          "no package path",
		"(*example.com/ctl.Controller.syncHandler":     "no ').'",
		"(*example.com/ctl.Controller).":               "method name",
		"example.com/ctl.":                             "not an identifier",
		"example.com/ctl.9lives":                       "not an identifier",
		"example com/ctl.Run":                          "malformed",
	} {
		err := ParseFuncName(name)
		switch {
		case wantErr == "" && err != nil:
			t.Errorf("ParseFuncName(%q) = %v, want no error", name, err)
		case wantErr != "" && (err == nil || !strings.Contains(err.Error(), wantErr)):
			t.Errorf("ParseFuncName(%q) = %v, want an error about %q", name, err, wantErr)
		}
	}
}

func TestParseIgnore(t *testing.T) {
	for comment, want := range map[string]struct {
		reason string
		ok     bool
	}{
		"//reconcilelint:ignore bounded by the SLA": {"bounded by the SLA", true},
		"//reconcilelint:ignore":                    {"", true},
		"//reconcilelint:ignored":                   {"", false},
		"// reconcilelint:ignore spaced":            {"", false},
		"//nolint:reconcilelint":                    {"", false},
	} {
		reason, ok := ParseIgnore(comment)
		if reason != want.reason || ok != want.ok {
			t.Errorf("ParseIgnore(%q) = %q, %v; want %q, %v", comment, reason, ok, want.reason, want.ok)
		}
	}
}

func TestEntriesFlag(t *testing.T) {
	var names funcNames
	if err := names.Set("(*example.com/ctl.Controller).syncHandler, example.com/ctl.worker"); err != nil {
		t.Fatal(err)
	}
	if !names.has("example.com/ctl.worker") || !names.has("(*example.com/ctl.Controller).syncHandler") {
		t.Errorf("names = %v", names)
	}
	if err := names.Set("syncHandler"); err == nil {
		t.Error("a bare name was accepted")
	}
}
