// Package wrapped is a client-go controller in the shapes real ones take:
// its queue is wrapped in a type of its own, its handler is a method value
// kept in a struct field, a second worker takes from a priority queue of
// the controller's own and hands each item to an interface, and the workers
// are started by wait.UntilWithContext, one goroutine each. Both handlers
// are found as entry points by what the workers do, without
// -blocking.entries.
package wrapped

import (
	"context"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/workqueue"
)

// queue wraps client-go's workqueue.
type queue struct {
	q workqueue.TypedRateLimitingInterface[string]
}

func (q *queue) Get() (string, bool)                                   { return q.q.Get() }
func (q *queue) Done(key string)                                       { q.q.Done(key) }
func (q *queue) Requeue(key string)                                    { q.q.AddRateLimited(key) }
func (q *queue) Forget(key string)                                     { q.q.Forget(key) }
func (q *queue) Add(key string)                                        { q.q.Add(key) }
func (q *queue) ShutDown()                                             { q.q.ShutDown() }
func (q *queue) Len() int                                              { return 0 }
func (q *queue) wrapped() workqueue.TypedRateLimitingInterface[string] { return q.q }

// priorityQueue is a queue of the controller's own: no workqueue in it.
type priorityQueue struct {
	mu    sync.Mutex
	items []string
}

func (p *priorityQueue) Get() (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.items) == 0 {
		return "", true
	}
	item := p.items[0]
	p.items = p.items[1:]
	return item, false
}

func (p *priorityQueue) Done(item string) {}

// Checker checks one cluster's health.
type Checker interface {
	Check(ctx context.Context, key string) error
}

type Controller struct {
	queue       *queue
	health      *priorityQueue
	syncHandler func(ctx context.Context, key string) error
	checker     Checker
	cache       *cache
}

func NewController(q workqueue.TypedRateLimitingInterface[string]) *Controller {
	c := &Controller{queue: &queue{q: q}, health: &priorityQueue{}, checker: &healthChecker{}, cache: &cache{}}
	c.syncHandler = c.syncCluster
	return c
}

func (c *Controller) Run(ctx context.Context, workers int) {
	for i := 0; i < workers; i++ {
		go wait.UntilWithContext(ctx, c.runWorker, time.Second)
	}
	go wait.UntilWithContext(ctx, c.runHealthWorker, time.Second)
	<-ctx.Done()
}

func (c *Controller) runWorker(ctx context.Context) {
	for c.processNextItem(ctx) {
	}
}

func (c *Controller) processNextItem(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	if err := c.syncHandler(ctx, key); err != nil {
		c.queue.Requeue(key)
		return true
	}
	c.queue.Forget(key)
	return true
}

func (c *Controller) syncCluster(ctx context.Context, key string) error {
	time.Sleep(30 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 30s\): \(\*wrapped.Controller\).syncCluster \(wrapped/wrapped.go:99\) -> time.Sleep`
	return nil
}

func (c *Controller) runHealthWorker(ctx context.Context) {
	for {
		key, quit := c.health.Get()
		if quit {
			return
		}
		_ = c.checker.Check(ctx, key)
		c.health.Done(key)
	}
}

type healthChecker struct{}

func (h *healthChecker) Check(ctx context.Context, key string) error {
	<-time.After(time.Minute) // want `<-time.After blocks the reconcile worker \(waits up to 1m0s\): \(\*wrapped.healthChecker\).Check`
	return nil
}

// The silent twin: a cache's Get also returns an item and a bool, but a
// cache has no Done: looking a key up is not taking work from a queue.
type cache struct{ m map[string]string }

func (c *cache) Get() (string, bool) { return "", false }

func (c *Controller) lookup(ctx context.Context) {
	if v, ok := c.cache.Get(); ok {
		c.notHandler(v)
	}
}

func (c *Controller) notHandler(key string) {
	time.Sleep(time.Minute)
}
