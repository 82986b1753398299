// Package factory builds its clients through a func-valued field that the
// config's default sets (a test replaces it with a fake). It does not use
// controller-runtime's reconcile package, so a call through the field is
// not passed on to its callers: the functions this package stores into the
// field, following the copy from the config, are what the call runs.
package factory

import (
	"context"
	"net/http"
	"time"
)

// NewClientFunc connects to the named service.
type NewClientFunc func(ctx context.Context, name string) error

type Config struct {
	NewClientFunc NewClientFunc
}

// DefaultConfig is what production uses.
func DefaultConfig() *Config {
	return &Config{NewClientFunc: Connect}
}

type Factory struct {
	newClient NewClientFunc
}

func New(config *Config) *Factory {
	return &Factory{newClient: config.NewClientFunc}
}

// Get connects through the configured function.
func (f *Factory) Get(ctx context.Context, name string) error {
	return f.newClient(ctx, name)
}

// Connect sends a request through a client without a Timeout.
func Connect(ctx context.Context, name string) error {
	c := &http.Client{} // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.Client without Timeout \(factory/factory.go:41\) and the reconcile ctx, which has no deadline\): \(\*controllers.ServiceReconciler\).Reconcile \(controllers/controllers.go:16\) -> \(\*factory.Factory\).Get \(factory/factory.go:36\) -> factory.Connect`
	return send(ctx, c, name)
}

func send(ctx context.Context, c *http.Client, name string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://svc.example/"+name, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The corrected twin: the default its config stores gives the client a
// Timeout.

type BoundedConfig struct {
	NewClientFunc NewClientFunc
}

func DefaultBoundedConfig() *BoundedConfig {
	return &BoundedConfig{NewClientFunc: ConnectBounded}
}

type BoundedFactory struct {
	newClient NewClientFunc
}

func NewBounded(config *BoundedConfig) *BoundedFactory {
	return &BoundedFactory{newClient: config.NewClientFunc}
}

func (f *BoundedFactory) Get(ctx context.Context, name string) error {
	return f.newClient(ctx, name)
}

func ConnectBounded(ctx context.Context, name string) error {
	return send(ctx, &http.Client{Timeout: 10 * time.Second}, name)
}
