// Package deep waits in an unexported function, two imports away from the
// entry point.
package deep

import "time"

func wait() { time.Sleep(time.Minute) }

// Exported reaches wait.
func Exported() { wait() }

// Impl's method reaches wait too.
type Impl struct{}

func (Impl) Do() { wait() }

type hidden struct{}

func (hidden) Do() { wait() }

// Hidden returns an unexported type behind an interface.
func Hidden() interface{ Do() } { return hidden{} }
