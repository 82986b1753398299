// Command vetrss is a vet tool that measures another one: go vet runs it in
// place of reconcilelint (go vet -vettool=vetrss), it runs the real tool
// named by $VETRSS_TOOL with the same arguments, waits for it, and appends one
// line per analyzed package to the file named by $VETRSS_OUT:
//
//	<peak RSS MiB>	<wall seconds>	<import path>
//
// The peak is that of the one vet-tool process (the kernel's maxrss of the
// child), so each package's analysis is measured on its own. The protocol
// questions (-V=full, -flags) are forwarded unmeasured, so go vet keys its
// cache on the real tool.
//
// To analyze one package again on its own, run go vet -work on it: the
// package's config stays in the work directory (grep -l its import path
// WORK/*/vet.cfg), and $VETRSS_TOOL -json WORK/bNNN/vet.cfg repeats its
// analysis, with RECONCILELINT_MEMPROFILE=heap.prof for a heap profile.
//
// Usage: bash bench/vetrss.sh MODULE_DIR
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

func main() {
	tool := os.Getenv("VETRSS_TOOL")
	if tool == "" {
		fmt.Fprintln(os.Stderr, "vetrss: set VETRSS_TOOL to the vet tool to measure")
		os.Exit(2)
	}
	args := os.Args[1:]
	cmd := exec.Command(tool, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "vetrss:", err)
		os.Exit(2)
	}
	if out := os.Getenv("VETRSS_OUT"); out != "" && len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		record(out, importPath(args[len(args)-1]), cmd.ProcessState, wall)
	}
	os.Exit(cmd.ProcessState.ExitCode())
}

// importPath reads the package's import path from go vet's config file.
func importPath(cfg string) string {
	data, err := os.ReadFile(cfg)
	if err != nil {
		return cfg
	}
	var c struct{ ImportPath string }
	if json.Unmarshal(data, &c) != nil || c.ImportPath == "" {
		return cfg
	}
	return c.ImportPath
}

// record appends one line in a single write, so that the lines of
// concurrent vet-tool processes do not interleave.
func record(path, pkg string, ps *os.ProcessState, wall time.Duration) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return
	}
	mib := float64(ru.Maxrss) / 1024 // Linux reports maxrss in KiB
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, "vetrss:", err)
		return
	}
	defer f.Close()
	fmt.Fprintf(f, "%.0f\t%.2f\t%s\n", mib, wall.Seconds(), pkg)
}
