// Package components holds a component reconciler with many calls through
// an interface-typed client field. The summary another package imports
// keeps at most MaxEffects effects: the calls through the field must not
// crowd out the wait below them.
package components

import (
	"context"
	"time"

	"example.com/wideclient/kube"
)

type Component struct {
	ctx    context.Context
	client kube.Client
}

func New(ctx context.Context, c kube.Client) *Component { return &Component{ctx: ctx, client: c} }

// Reconcile applies seventy objects, then waits 30s for them, in the
// worker.
func (r *Component) Reconcile() error {
	r.client.Apply("object-00")
	r.client.Apply("object-01")
	r.client.Apply("object-02")
	r.client.Apply("object-03")
	r.client.Apply("object-04")
	r.client.Apply("object-05")
	r.client.Apply("object-06")
	r.client.Apply("object-07")
	r.client.Apply("object-08")
	r.client.Apply("object-09")
	r.client.Apply("object-10")
	r.client.Apply("object-11")
	r.client.Apply("object-12")
	r.client.Apply("object-13")
	r.client.Apply("object-14")
	r.client.Apply("object-15")
	r.client.Apply("object-16")
	r.client.Apply("object-17")
	r.client.Apply("object-18")
	r.client.Apply("object-19")
	r.client.Apply("object-20")
	r.client.Apply("object-21")
	r.client.Apply("object-22")
	r.client.Apply("object-23")
	r.client.Apply("object-24")
	r.client.Apply("object-25")
	r.client.Apply("object-26")
	r.client.Apply("object-27")
	r.client.Apply("object-28")
	r.client.Apply("object-29")
	r.client.Apply("object-30")
	r.client.Apply("object-31")
	r.client.Apply("object-32")
	r.client.Apply("object-33")
	r.client.Apply("object-34")
	r.client.Apply("object-35")
	r.client.Apply("object-36")
	r.client.Apply("object-37")
	r.client.Apply("object-38")
	r.client.Apply("object-39")
	r.client.Apply("object-40")
	r.client.Apply("object-41")
	r.client.Apply("object-42")
	r.client.Apply("object-43")
	r.client.Apply("object-44")
	r.client.Apply("object-45")
	r.client.Apply("object-46")
	r.client.Apply("object-47")
	r.client.Apply("object-48")
	r.client.Apply("object-49")
	r.client.Apply("object-50")
	r.client.Apply("object-51")
	r.client.Apply("object-52")
	r.client.Apply("object-53")
	r.client.Apply("object-54")
	r.client.Apply("object-55")
	r.client.Apply("object-56")
	r.client.Apply("object-57")
	r.client.Apply("object-58")
	r.client.Apply("object-59")
	r.client.Apply("object-60")
	r.client.Apply("object-61")
	r.client.Apply("object-62")
	r.client.Apply("object-63")
	r.client.Apply("object-64")
	r.client.Apply("object-65")
	r.client.Apply("object-66")
	r.client.Apply("object-67")
	r.client.Apply("object-68")
	r.client.Apply("object-69")
	for range 15 {
		time.Sleep(2 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 30s\)`
	}
	return nil
}
