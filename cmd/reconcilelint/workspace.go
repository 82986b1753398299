package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// dropModFlagInWorkspace removes -mod=mod (or -mod=... other than readonly
// and vendor) from $GOFLAGS when the module is in workspace mode (a go.work
// above it): go refuses every command there with "-mod may only be set to
// readonly or vendor when in workspace mode", so a CI environment that sets
// GOFLAGS=-mod=mod for all its modules would analyze nothing. The workspace
// decides how modules resolve; the command says that it dropped the flag.
func dropModFlagInWorkspace(stderr io.Writer) {
	flags := strings.Fields(os.Getenv("GOFLAGS"))
	var kept, dropped []string
	for _, f := range flags {
		if mode, ok := strings.CutPrefix(f, "-mod="); ok && mode != "readonly" && mode != "vendor" {
			dropped = append(dropped, f)
			continue
		}
		kept = append(kept, f)
	}
	if len(dropped) == 0 || os.Getenv("GOWORK") == "off" {
		return
	}
	env := exec.Command("go", "env", "GOWORK")
	env.Env = append(os.Environ(), "GOFLAGS="+strings.Join(kept, " "))
	out, err := env.Output()
	if work := strings.TrimSpace(string(out)); err != nil || work == "" || work == "off" {
		return
	}
	os.Setenv("GOFLAGS", strings.Join(kept, " "))
	fmt.Fprintf(stderr, "reconcilelint: ignoring %s from GOFLAGS: %s puts the module in workspace mode, where go accepts only -mod=readonly or -mod=vendor (set GOWORK=off to build the module alone)\n",
		strings.Join(dropped, " "), strings.TrimSpace(string(out)))
}
