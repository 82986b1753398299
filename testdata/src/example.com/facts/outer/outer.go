// Package outer imports inner's facts and extends the chains.
package outer

import "example.com/facts/inner"

func Both() { // want Both:`blocks\(time.Sleep via outer.Both \(outer/outer.go:7\) -> \(inner.T\).Run \(inner/inner.go:17\) -> inner.quiet \(inner/inner.go:12\) -> time.Sleep; time.Sleep via outer.Both \(outer/outer.go:8\) -> inner.Wait \(inner/inner.go:7\) -> time.Sleep\)`
	inner.T{}.Run()
	inner.Wait()
	inner.Ignored()
	inner.Async()
}
