package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// progress is the one line on a terminal's stderr that says what a long
// run is doing: listing packages, compiling dependencies (go vet builds
// their export data before the first package is analyzed), analyzing N of
// M packages. It is rewritten in place and cleared at the end, and shown
// only when stderr is a terminal and -q is not given, so that pipes, CI
// logs and -json or SARIF output never hold a byte of it. A nil *progress
// shows nothing.
//
// The vet tool runs in processes of its own, one per package: each appends
// a line to the file named by $RECONCILELINT_PROGRESS when it starts (see
// noteAnalyzed), and the line counts them.
type progress struct {
	out   io.Writer
	mu    sync.Mutex
	phase string
	total int    // packages go vet will analyze, 0 when not known
	count string // the file the vet tool appends to, "" before go vet runs
	shown bool
	stop  chan struct{}
	done  chan struct{}
}

// progressEnv names the file the vet tool appends a line to per package.
const progressEnv = "RECONCILELINT_PROGRESS"

func newProgress(stderr io.Writer, quiet bool) *progress {
	f, ok := stderr.(*os.File)
	if quiet || !ok || !isTerminal(f) {
		return nil
	}
	p := &progress{out: stderr, stop: make(chan struct{}), done: make(chan struct{})}
	go p.tick()
	return p
}

// isTerminal tells a terminal from a file or a pipe: a character device
// that is not /dev/null.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}

func (p *progress) tick() {
	defer close(p.done)
	t := time.NewTicker(200 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.mu.Lock()
			p.draw()
			p.mu.Unlock()
		}
	}
}

// setPhase names what the run does now.
func (p *progress) setPhase(phase string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.phase = phase
	p.draw()
}

// watchVet switches to counting the packages the vet tool analyzes: it
// returns the environment entry to hand to go vet and a func that removes
// the count file.
func (p *progress) watchVet(total int) (env []string, cleanup func()) {
	if p == nil {
		return nil, func() {}
	}
	f, err := os.CreateTemp("", "reconcilelint-progress-*")
	if err != nil {
		return nil, func() {}
	}
	f.Close()
	p.mu.Lock()
	p.count, p.total, p.phase = f.Name(), total, "compiling dependencies"
	p.draw()
	p.mu.Unlock()
	return []string{progressEnv + "=" + f.Name()}, func() {
		p.mu.Lock()
		p.count = ""
		p.mu.Unlock()
		os.Remove(f.Name())
	}
}

// draw rewrites the line; p.mu is held.
func (p *progress) draw() {
	text := p.phase
	if p.count != "" {
		if data, err := os.ReadFile(p.count); err == nil {
			if n := bytes.Count(data, []byte("\n")); n > 0 {
				switch {
				case p.total > 0:
					text = fmt.Sprintf("analyzing %d of %d packages", min(n, p.total), p.total)
				default:
					text = fmt.Sprintf("analyzing: %d packages so far", n)
				}
			}
		}
	}
	if text == "" {
		return
	}
	fmt.Fprintf(p.out, "\r\x1b[Kreconcilelint: %s…", text)
	p.shown = true
}

// clear erases the line, so that what is printed next starts at the left.
func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.out, "\r\x1b[K")
		p.shown = false
	}
}

// writer passes go's own messages (type errors, downloads) on to stderr,
// each on a line of its own rather than after the progress line.
func (p *progress) writer(w io.Writer) io.Writer {
	if p == nil {
		return w
	}
	return writerFunc(func(b []byte) (int, error) {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.clear()
		return w.Write(b)
	})
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }

// end stops the line and erases it.
func (p *progress) end() {
	if p == nil {
		return
	}
	close(p.stop)
	<-p.done
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
}

// noteAnalyzed is the vet tool's side: one line per package it is given.
func noteAnalyzed(args []string) {
	name := os.Getenv(progressEnv)
	if name == "" || len(args) == 0 {
		return
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return // the run is over, or the file is not ours to create
	}
	defer f.Close()
	f.WriteString(args[len(args)-1] + "\n")
}
