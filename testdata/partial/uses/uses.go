// Package uses loads by itself, but imports broken, so it cannot be
// type-checked either.
package uses

import "example.com/partial/broken"

func G() { broken.F() }
