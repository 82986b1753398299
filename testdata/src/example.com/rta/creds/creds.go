// Package creds hands out credential providers as a narrow interface: the
// concrete provider is converted to the wide Provider, then changed to
// Base, which is what its callers hold.
package creds

import "context"

type Base interface {
	GetCreds(ctx context.Context) (string, error)
}

type Provider interface {
	Base
	Init(ctx context.Context) error
}

// exchange waits for a token for as long as the ctx allows.
type exchange struct{ tokens chan string }

func (e *exchange) Init(ctx context.Context) error { return nil }

func (e *exchange) GetCreds(ctx context.Context) (string, error) {
	select {
	case t := <-e.tokens:
		return t, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func New(ctx context.Context) (Base, error) {
	var p Provider = &exchange{tokens: make(chan string)}
	if err := p.Init(ctx); err != nil {
		return nil, err
	}
	return p, nil
}
