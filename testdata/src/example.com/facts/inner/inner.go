// Package inner exports summaries as facts.
package inner

import "time"

func Wait() { // want Wait:`blocks\(time.Sleep via inner.Wait \(inner/inner.go:7\) -> time.Sleep\)`
	time.Sleep(time.Minute)
}

// quiet is unexported: its fact still flows to the methods that call it.
func quiet() { // want quiet:`blocks\(time.Sleep via inner.quiet \(inner/inner.go:12\) -> time.Sleep\)`
	time.Sleep(time.Second)
}

type T struct{}

func (T) Run() { quiet() } // want Run:`blocks\(time.Sleep via \(inner.T\).Run \(inner/inner.go:17\) -> inner.quiet \(inner/inner.go:12\) -> time.Sleep\)`

func Ignored() {
	time.Sleep(time.Hour) //reconcilelint:ignore the fact carries the suppression
}

func Async() { go Wait() }
