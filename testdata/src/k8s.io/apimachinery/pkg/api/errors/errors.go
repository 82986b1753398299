// Package errors is a stub of apimachinery's api/errors, for analyzer tests.
package errors

type StatusError struct{ Reason string }

func (e *StatusError) Error() string { return e.Reason }

func IsNotFound(err error) bool {
	se, ok := err.(*StatusError)
	return ok && se.Reason == "NotFound"
}
