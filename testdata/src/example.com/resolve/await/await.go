// Package await waits for goroutines that poll: through a result channel,
// an errgroup and a WaitGroup. A goroutine it does not wait for holds no
// worker.
package await

import (
	"context"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
	"k8s.io/apimachinery/pkg/util/wait"
	ctrl "sigs.k8s.io/controller-runtime"
)

// AsyncReconciler runs its poll in a goroutine and waits for its result.
type AsyncReconciler struct{}

func (r *AsyncReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := waitInBackground(ctx); err != nil {
		return ctrl.Result{}, err
	}
	startInBackground(ctx)
	return ctrl.Result{}, nil
}

func waitInBackground(ctx context.Context) error {
	res := make(chan error, 1)
	go func() { res <- pollReady(ctx) }()
	return <-res
}

// startInBackground does not wait for the goroutine.
func startInBackground(ctx context.Context) {
	res := make(chan error, 1)
	go func() { res <- pollInBackground(ctx) }()
}

func pollReady(ctx context.Context) error {
	return wait.PollUntilContextTimeout(ctx, 5*time.Second, 10*time.Minute, true, func(context.Context) (bool, error) { return false, nil }) // want `wait.PollUntilContextTimeout blocks the reconcile worker \(polls every 5s for up to 10m0s\): \(\*await.AsyncReconciler\).Reconcile \(await/await.go:20\) -> await.waitInBackground \(await/await.go:30\) -> await.waitInBackground\$1 \(await/await.go:29\) -> await.pollReady`
}

func pollInBackground(ctx context.Context) error {
	return wait.PollUntilContextTimeout(ctx, 5*time.Second, 10*time.Minute, true, func(context.Context) (bool, error) { return false, nil })
}

func pollPodGroup(ctx context.Context) error {
	return wait.PollUntilContextTimeout(ctx, 5*time.Second, 10*time.Minute, true, func(context.Context) (bool, error) { return false, nil }) // want `wait.PollUntilContextTimeout blocks the reconcile worker \(polls every 5s for up to 10m0s\): \(\*await.GroupReconciler\).Reconcile \(await/await.go:\d+\) -> \(\*await.GroupReconciler\).Reconcile\$1 .* -> await.pollPodGroup`
}

func pollPodWaitGroup(ctx context.Context) error {
	return wait.PollUntilContextTimeout(ctx, 5*time.Second, 10*time.Minute, true, func(context.Context) (bool, error) { return false, nil }) // want `wait.PollUntilContextTimeout blocks the reconcile worker \(polls every 5s for up to 10m0s\): \(\*await.GroupReconciler\).Reconcile \(await/await.go:\d+\) -> \(\*await.GroupReconciler\).Reconcile\$2 .* -> await.pollPodWaitGroup`
}

// GroupReconciler polls every pod in parallel and waits for them all.
type GroupReconciler struct{ Pods []string }

func (r *GroupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g, gctx := errgroup.WithContext(ctx)
	for range r.Pods {
		g.Go(func() error { return pollPodGroup(gctx) })
	}
	if err := g.Wait(); err != nil {
		return ctrl.Result{}, err
	}
	var wg sync.WaitGroup
	for range r.Pods {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = pollPodWaitGroup(ctx)
		}()
	}
	wg.Wait()
	return ctrl.Result{}, nil
}

// StartedReconciler starts a watcher and waits only until it has started:
// the goroutine calls Done first, then loops until its ctx is done. The
// wait is short; the loop holds no worker.
type StartedReconciler struct{ ready bool }

func (r *StartedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		r.ready = true
		wg.Done()
		_ = pollPodStarted(ctx)
	}()
	wg.Wait()
	return ctrl.Result{}, nil
}

func pollPodStarted(ctx context.Context) error {
	return wait.PollUntilContextTimeout(ctx, 5*time.Second, 10*time.Minute, true, func(context.Context) (bool, error) { return false, nil })
}
