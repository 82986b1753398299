package main_test

import (
	"os"
	"testing"
)

// needE2E skips tests that build golangci-lint from source or install a
// pre-commit hook unless RECONCILELINT_E2E=1 asks for them: they take
// minutes, and .ci/run always sets it.
func needE2E(t *testing.T) {
	t.Helper()
	if os.Getenv("RECONCILELINT_E2E") != "1" {
		t.Skip("set RECONCILELINT_E2E=1 to run this end-to-end test")
	}
}
