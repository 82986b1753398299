// Package broken does not load: it imports a package of a module that
// go.mod does not require and that cannot exist (.invalid is reserved), so
// go reports it without asking the network.
package broken

import "example.invalid/nosuch"

func F() { nosuch.F() }
