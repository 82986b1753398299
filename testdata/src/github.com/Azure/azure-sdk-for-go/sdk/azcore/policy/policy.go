// Package policy is a stub of azcore's policy package for the fixtures: the
// options every Azure SDK client takes.
package policy

import (
	"net/http"
	"time"
)

type Transporter interface {
	Do(req *http.Request) (*http.Response, error)
}

type RetryOptions struct {
	MaxRetries int32
	TryTimeout time.Duration
}

type ClientOptions struct {
	Retry     RetryOptions
	Transport Transporter
}
