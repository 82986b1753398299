// Package tooling is imported only by test files (it is not in the list that
// -blocking.packages names): no entry point can reach it, so the engine
// builds nothing for it and exports no fact.
package tooling

import "time"

func Wait() {
	time.Sleep(time.Hour)
}
