package main

import (
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"time"
)

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
