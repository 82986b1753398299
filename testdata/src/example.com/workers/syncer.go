package workers

import (
	"time"

	"k8s.io/client-go/util/workqueue"
)

// A shared worker step that the controller calls with the queue and the
// handler for it, as func values: processNextItem hands the item to a
// closure that calls the handler it was given.
type Result struct{ RequeueAfter time.Duration }

type ParamController struct {
	queue  workqueue.RateLimitingInterface
	health workqueue.RateLimitingInterface
}

func (c *ParamController) runWorker() {
	for processNextItem(c.queue, c.syncHandler) {
	}
}

func (c *ParamController) runHealthWorker() {
	for processNextItem(c.health, c.syncHealth) {
	}
}

func processNextItem(queue workqueue.RateLimitingInterface, syncer func(key string) (Result, error)) bool {
	obj, shutdown := queue.Get()
	if shutdown {
		return false
	}
	processItem := func(obj interface{}) error {
		defer queue.Done(obj)
		key, ok := obj.(string)
		if !ok {
			queue.Forget(obj)
			return nil
		}
		if _, err := syncer(key); err != nil {
			queue.AddRateLimited(key)
			return err
		}
		queue.Forget(obj)
		return nil
	}
	_ = processItem(obj)
	return true
}

func (c *ParamController) syncHandler(key string) (Result, error) {
	time.Sleep(20 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 20s\): \(\*workers.ParamController\).syncHandler`
	return Result{}, nil
}

func (c *ParamController) syncHealth(key string) (Result, error) {
	time.Sleep(15 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 15s\): \(\*workers.ParamController\).syncHealth`
	return Result{}, nil
}
