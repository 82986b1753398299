// Package agenttls builds the mTLS clients that talk to an agent, and keeps
// them in a registry, one per namespace: a sync.Map that holds what the
// constructor built. The registry's constructor returns an interface, so
// its importers see what GetOrCreate returns only through the fact of
// NewRegistry.
package agenttls

import (
	"context"
	"crypto/tls"
	"net/http"
	"sync"
	"time"
)

func NewClient(ctx context.Context, ns string) (*http.Client, error) {
	c := &http.Client{ // want `\(\*http.Client\).Do can block the reconcile worker forever: the value bound to controllers.JobReconciler.registry at cmd/main.go:12 leaves it unbounded \(http.Client without Timeout \(agenttls/agenttls.go:17\) and http.NewRequest, which uses context.Background\(\) \(agentrest/agentrest.go:21\)\): \(\*controllers.JobReconciler\).Reconcile` `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.NewRequest, which uses context.Background\(\) \(agentrest/agentrest.go:21\) and http.Client without Timeout \(agenttls/agenttls.go:17\)\): \(\*controllers.BundleReconciler\).Reconcile \(controllers/controllers.go:\d+\) -> controllers.download \(controllers/controllers.go:56\) -> \(\*agentrest.DownloadService\).Download \(agentrest/agentrest.go:52\) -> \(\*agentrest.Client\).Do \(agentrest/agentrest.go:25\) -> \(\*http.Client\).Do`
		Transport: &http.Transport{TLSClientConfig: &tls.Config{ServerName: ns}},
	}
	return c, nil
}

func NewBoundedClient(ctx context.Context, ns string) (*http.Client, error) {
	c := &http.Client{
		Transport: &http.Transport{TLSClientConfig: &tls.Config{ServerName: ns}},
		Timeout:   time.Minute,
	}
	return c, nil
}

type Registry interface {
	Create(ctx context.Context, ns string) (*http.Client, error)
	GetOrCreate(ctx context.Context, ns string) (*http.Client, error)
}

func NewRegistry() Registry { return &registry{} }

type registry struct{ clients sync.Map }

func (r *registry) Create(ctx context.Context, ns string) (*http.Client, error) {
	if v, ok := r.clients.Load(ns); ok {
		return v.(*http.Client), nil
	}
	c, err := NewClient(ctx, ns)
	if err != nil {
		return nil, err
	}
	r.clients.Store(ns, c)
	return c, nil
}

func (r *registry) GetOrCreate(ctx context.Context, ns string) (*http.Client, error) {
	if v, ok := r.clients.Load(ns); ok {
		return v.(*http.Client), nil
	}
	return r.Create(ctx, ns)
}

// The corrected twin: a registry whose clients have a Timeout.

func NewBoundedRegistry() Registry { return &boundedRegistry{} }

type boundedRegistry struct{ clients sync.Map }

func (r *boundedRegistry) Create(ctx context.Context, ns string) (*http.Client, error) {
	c, err := NewBoundedClient(ctx, ns)
	if err != nil {
		return nil, err
	}
	r.clients.Store(ns, c)
	return c, nil
}

func (r *boundedRegistry) GetOrCreate(ctx context.Context, ns string) (*http.Client, error) {
	if v, ok := r.clients.Load(ns); ok {
		return v.(*http.Client), nil
	}
	return r.Create(ctx, ns)
}
