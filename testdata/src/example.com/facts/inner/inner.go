// Package inner exports summaries as facts.
package inner

import "time"

func Wait() { // want Wait:`blocks\(time.Sleep via inner.Wait \(inner/inner.go:7\) -> time.Sleep\)`
	time.Sleep(time.Minute)
}

// quiet is unexported: no other package can call it, so it has no fact, but
// its effect flows into the methods that call it.
func quiet() {
	time.Sleep(time.Second)
}

type T struct{}

func (T) Run() { quiet() } // want Run:`blocks\(time.Sleep via \(inner.T\).Run \(inner/inner.go:18\) -> inner.quiet \(inner/inner.go:13\) -> time.Sleep\)`

func Ignored() {
	time.Sleep(time.Hour) //reconcilelint:ignore the fact carries the suppression
}

func Async() { go Wait() }

// Twice's fact shares the tail of its chain with Wait's.
func Twice() { // want Twice:`blocks\(time.Sleep via inner.Twice \(inner/inner.go:28\) -> \(chain of Wait\)\)`
	Wait()
}
