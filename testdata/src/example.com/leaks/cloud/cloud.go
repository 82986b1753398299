// Package cloud is the external API the leaks fixtures clean up.
package cloud

import (
	"context"
	"errors"
)

var ErrNotFound = errors.New("not found")

type Client struct{}

func (*Client) Delete(ctx context.Context, name string) error { return nil }

// DeleteAsync reports whether the resource is gone.
func (*Client) DeleteAsync(ctx context.Context, name string) (done bool, err error) {
	return false, nil
}

// NotFoundError is what DeleteAccount fails with when the account is gone;
// it wraps nothing, so errors.Is does not see it.
type NotFoundError struct{}

func (*NotFoundError) Error() string { return "account not found" }

type Deleted struct{}

// DeleteAccount deletes an account, the way generated API clients do.
func (*Client) DeleteAccount(ctx context.Context, id int64) (*Deleted, error) {
	return nil, nil
}

// Lookup finds the record a name owns.
func (*Client) Lookup(ctx context.Context, name string) (id string, err error) { return "", nil }

// NotReadyError says the certificate is not issued yet.
type NotReadyError struct{}

func (NotReadyError) Error() string { return "not ready" }

// IssueCert issues the certificate of a user, failing with a NotReadyError
// while it is pending.
func (*Client) IssueCert(ctx context.Context, user string) error { return nil }

// EntityNotFound is what GetAccount fails with when the account is gone,
// a value type tested with errors.As(err, &cloud.EntityNotFound{}).
type EntityNotFound struct{}

func (EntityNotFound) Error() string { return "entity not found" }

// GetAccount reads an account.
func (*Client) GetAccount(ctx context.Context, id int64) (*Deleted, error) { return nil, nil }
