package blocking

import (
	"strings"
	"testing"
)

// FuzzParseIgnore: any comment parses without panicking; a directive's
// reason is trimmed, and only comments that start with the directive are
// directives.
func FuzzParseIgnore(f *testing.F) {
	for _, seed := range []string{
		"//reconcilelint:ignore bounded by the SLA",
		"//reconcilelint:ignore",
		"//reconcilelint:ignored",
		"//reconcilelint:ignore\tlegacy",
		"// reconcilelint:ignore spaced",
		"//nolint:reconcilelint",
		"",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, comment string) {
		reason, ok := ParseIgnore(comment)
		if ok && !strings.HasPrefix(comment, IgnoreDirective) {
			t.Errorf("%q is not a directive", comment)
		}
		if reason != strings.TrimSpace(reason) {
			t.Errorf("reason %q is not trimmed", reason)
		}
		if !ok && reason != "" {
			t.Errorf("a non-directive has a reason %q", reason)
		}
	})
}

// FuzzParseFuncName: any name is accepted or refused without panicking; an
// accepted name is accepted again by the flag, and a refused one is refused
// with a message that quotes it.
func FuzzParseFuncName(f *testing.F) {
	for _, seed := range []string{
		"example.com/ctl.Run",
		"(*example.com/ctl.Controller).syncHandler",
		"(example.com/ctl.Controller).processNextItem",
		"k8s.io/client-go/util/retry.OnError",
		"Run", "(", ").", "(*).x", "a.b.c", "(*a/b.C).", "é.ü",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, name string) {
		err := ParseFuncName(name)
		if err != nil {
			if !strings.Contains(err.Error(), "bad function name") {
				t.Errorf("unclear message for %q: %v", name, err)
			}
			return
		}
		if strings.ContainsAny(name, ", \t") {
			t.Errorf("%q accepted, but a flag list cannot hold it", name)
		}
		var names funcNames
		if err := names.Set(name); err != nil || !names.has(name) {
			t.Errorf("%q accepted by ParseFuncName but not by the flag: %v", name, err)
		}
	})
}
