// Command peakrss runs a command and prints, on stderr, its wall time and
// the peak of the resident memory of the command and all its descendants
// together, sampled every 20ms. A driver that runs go vet has several
// processes alive at once; /usr/bin/time reports only the largest of them.
//
// Usage: peakrss command [args...]   (prints "wall 12.34s peak 812 MiB")
package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: peakrss command [args...]")
		os.Exit(2)
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "peakrss:", err)
		os.Exit(2)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var peak int64
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			fmt.Fprintf(os.Stderr, "wall %.2fs peak %d MiB\n", time.Since(start).Seconds(), peak>>20)
			if err != nil {
				os.Exit(1)
			}
			return
		case <-tick.C:
			peak = max(peak, treeRSS(cmd.Process.Pid))
		}
	}
}

// treeRSS sums the resident memory of pid and its descendants.
func treeRSS(root int) int64 {
	parent := make(map[int]int)
	rss := make(map[int]int64)
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, stat := range stats {
		data, err := os.ReadFile(stat)
		if err != nil {
			continue // the process ended
		}
		// pid (comm) state ppid ... ; comm may hold spaces: cut at the last ')'.
		text := string(data)
		close := strings.LastIndexByte(text, ')')
		if close < 0 {
			continue
		}
		pid, _ := strconv.Atoi(strings.Fields(text[:close])[0])
		fields := strings.Fields(text[close+1:])
		if len(fields) < 22 {
			continue
		}
		ppid, _ := strconv.Atoi(fields[1])
		pages, _ := strconv.ParseInt(fields[21], 10, 64) // rss, field 24 of stat
		parent[pid] = ppid
		rss[pid] = pages * int64(os.Getpagesize())
	}
	var total int64
	for pid, bytes := range rss {
		for p := pid; p != 0; p = parent[p] {
			if p == root {
				total += bytes
				break
			}
			if _, ok := parent[p]; !ok {
				break
			}
		}
	}
	return total
}
