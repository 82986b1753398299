package components

import (
	"context"

	"example.com/wideclient/kube"
	ctrl "sigs.k8s.io/controller-runtime"
)

// Cleaner builds its own client: the controllers package never sees which
// one, only the constructor's fact says it. (A package that uses
// ctrl.Result leaves the calls through its reconcilers' fields to where
// they are built.)
type Cleaner struct {
	client kube.Client
}

func NewCleaner(ctx context.Context) *Cleaner { return &Cleaner{client: kube.New(ctx)} }

// Reconcile waits, through the client, for the object to go.
func (c *Cleaner) Reconcile(name string) (ctrl.Result, error) {
	return ctrl.Result{}, c.client.WaitGone(name)
}

// Option configures a Cleaner: the path to the client an option's result
// holds goes through a call (a path that names no field's type).
type Option func(*Cleaner) *Cleaner

func WithClient(c kube.Client) Option {
	return func(cl *Cleaner) *Cleaner { cl.client = c; return cl }
}
