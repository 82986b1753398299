package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"time"
)

// vetMemoryLimit is the vet tool's soft memory limit, unless $GOMEMLIMIT
// sets one. A package's analysis holds its syntax, types and SSA at once;
// with the default GC pacing (GOGC=100) the heap grows to about twice what
// is live before a collection, so one large generated package (a cloud
// SDK's service package: over 300 MiB live just to type-check) reached
// 560 MiB of resident memory. Near the limit the GC collects more often
// instead; below it, in nearly every package, nothing changes.
const vetMemoryLimit = 400 << 20

// limitMemory sets the vet tool's soft memory limit and returns it, or -1
// when $GOMEMLIMIT has set one already.
func limitMemory(getenv func(string) string) int64 {
	if getenv("GOMEMLIMIT") != "" {
		return -1
	}
	debug.SetMemoryLimit(vetMemoryLimit)
	return vetMemoryLimit
}

// profileHeapPeaks writes a heap profile to the file named by
// $RECONCILELINT_MEMPROFILE each time the live heap reaches a new peak
// (checked every 50ms), so the file holds the allocations live at about the
// largest point of the process, however it exits: for measuring one vet-tool
// process (see bench/vetrss.sh).
func profileHeapPeaks() {
	path := os.Getenv("RECONCILELINT_MEMPROFILE")
	if path == "" {
		return
	}
	runtime.MemProfileRate = 64 << 10
	go func() {
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		var peak uint64
		for range time.Tick(50 * time.Millisecond) {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak+peak/10 {
				peak = v
				runtime.GC() // the profile shows the heap as of the last GC
				if f, err := os.Create(path); err == nil {
					pprof.Lookup("heap").WriteTo(f, 0)
					f.Close()
				}
			}
		}
	}()
}
