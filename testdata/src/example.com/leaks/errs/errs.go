// Package errs unwraps errors, as github.com/pkg/errors does.
package errs

import "errors"

// ErrNotHolder says another object holds the lease.
var ErrNotHolder = errors.New("not the holder")

type causer interface{ Cause() error }

// Cause returns the innermost error that err wraps.
func Cause(err error) error {
	for err != nil {
		c, ok := err.(causer)
		if !ok {
			break
		}
		err = c.Cause()
	}
	return err
}
