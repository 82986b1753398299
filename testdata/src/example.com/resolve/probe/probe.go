// Package probe is a helper package with no controller-runtime import: its
// implementations are unexported and reached only through the interface
// its constructors return.
package probe

import (
	"net/http"
	"time"
)

type Prober interface {
	Probe(url string) error
}

type plainProber struct{}

func (plainProber) Probe(url string) error {
	resp, err := http.Get(url) // want `http.Get can block the reconcile worker forever: nothing bounds it \(http.DefaultClient, which has no Timeout, with no context\): \(\*controllers.ComponentReconciler\).Reconcile \(controllers/controllers.go:18\) -> comp.Run \(comp/comp.go:7\) -> \(probe.plainProber\).Probe \(probe/probe.go:18\) -> http.Get`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type boundedProber struct{ client *http.Client }

func (p boundedProber) Probe(url string) error {
	resp, err := p.client.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// New probes with http.Get: no timeout.
func New() Prober { return plainProber{} }

// NewBounded probes with a client that has one.
func NewBounded() Prober { return boundedProber{client: &http.Client{Timeout: 5 * time.Second}} }
