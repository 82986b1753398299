// Package prod is imported by production code (it is in the list that
// -blocking.packages names): its summaries become facts.
package prod

import "time"

func Wait() { // want Wait:`blocks\(time.Sleep via prod.Wait \(prod/prod.go:8\) -> time.Sleep\)`
	time.Sleep(time.Hour)
}
