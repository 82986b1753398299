// Package outer imports inner's facts and extends the chains.
package outer

import "example.com/facts/inner"

func Both() { // want Both:`blocks\(time.Sleep via outer.Both \(outer/outer.go:7\) -> \(inner.T\).Run \(inner/inner.go:18\) -> inner.quiet \(inner/inner.go:13\) -> time.Sleep; time.Sleep via outer.Both \(outer/outer.go:8\) -> inner.Wait \(inner/inner.go:7\) -> time.Sleep\)`
	inner.T{}.Run()
	inner.Wait()
	inner.Ignored()
	inner.Async()
}

// Again reads Twice's fact and expands the shared tail.
func Again() { // want Again:`blocks\(time.Sleep via outer.Again \(outer/outer.go:15\) -> inner.Twice \(inner/inner.go:28\) -> inner.Wait \(inner/inner.go:7\) -> time.Sleep\)`
	inner.Twice()
}
