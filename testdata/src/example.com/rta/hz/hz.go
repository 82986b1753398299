// Package hz is a helper package of the module: an interface whose only
// production implementation is unexported, handed out by a registry.
package hz

import "context"

type Client interface {
	Invoke(ctx context.Context, req string) (string, error)
}

// conn waits for the response for as long as the ctx allows.
type conn struct{ responses chan string }

func (c *conn) Invoke(ctx context.Context, req string) (string, error) {
	select {
	case r := <-c.responses:
		return r, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

type Registry interface {
	Get(ctx context.Context, name string) (Client, error)
}

type registry struct{ clients map[string]Client }

func NewRegistry() Registry { return &registry{clients: map[string]Client{}} }

func (r *registry) Get(ctx context.Context, name string) (Client, error) {
	if c, ok := r.clients[name]; ok {
		return c, nil
	}
	c := &conn{responses: make(chan string)}
	r.clients[name] = c
	return c, nil
}
