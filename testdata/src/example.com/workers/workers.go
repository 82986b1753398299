// Package workers is a client-go controller in the sample-controller's
// shape: its handler is found as an entry point by the workqueue, without
// -blocking.entries.
package workers

import (
	"context"
	"time"

	"k8s.io/client-go/util/workqueue"
)

type Controller struct {
	queue workqueue.TypedRateLimitingInterface[string]
	old   workqueue.RateLimitingInterface
}

func (c *Controller) runWorker(ctx context.Context) {
	for c.processNextWorkItem(ctx) {
	}
}

func (c *Controller) processNextWorkItem(ctx context.Context) bool {
	key, shutdown := c.queue.Get()
	if shutdown {
		return false
	}
	defer c.queue.Done(key)
	if err := c.syncHandler(ctx, key); err != nil {
		c.queue.AddRateLimited(key)
		return true
	}
	c.queue.Forget(key)
	return true
}

func (c *Controller) syncHandler(ctx context.Context, key string) error {
	time.Sleep(30 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 30s\): \(\*workers.Controller\).syncHandler \(workers/workers.go:38\) -> time.Sleep`
	return nil
}

// The older shape: an untyped queue, a closure, a type assertion.
func (c *Controller) processOld(ctx context.Context) bool {
	obj, shutdown := c.old.Get()
	if shutdown {
		return false
	}
	err := func(obj any) error {
		defer c.old.Done(obj)
		key, ok := obj.(string)
		if !ok {
			c.old.Forget(obj)
			return nil
		}
		return c.syncOld(ctx, key)
	}(obj)
	return err == nil
}

func (c *Controller) syncOld(ctx context.Context, key string) error {
	<-time.After(time.Minute) // want `<-time.After blocks the reconcile worker \(waits up to 1m0s\): \(\*workers.Controller\).syncOld`
	return nil
}

// Not a worker: it never takes from a queue.
func (c *Controller) resync(ctx context.Context) {
	c.notHandler("all")
}

func (c *Controller) notHandler(key string) {
	time.Sleep(time.Minute)
}
