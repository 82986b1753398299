// Package controllers downloads a file on every agent through a client that
// a registry builds and caches: a registry in a field, bound in main through
// the constructor, or one the Reconcile makes.
package controllers

import (
	"context"
	"net/http"

	"example.com/clientcache/agentrest"
	"example.com/clientcache/agenttls"
	"golang.org/x/sync/errgroup"
	ctrl "sigs.k8s.io/controller-runtime"
)

type JobReconciler struct {
	agents   []string
	registry agenttls.Registry
}

func NewJobReconciler(agents []string, reg agenttls.Registry) *JobReconciler {
	return &JobReconciler{agents: agents, registry: reg}
}

func (r *JobReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.apply(ctx, req.Namespace, req.Name); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *JobReconciler) apply(ctx context.Context, ns, name string) error {
	return r.downloadFile(ctx, ns, name)
}

// downloadFile: the client the registry returns is decided where main
// binds the registry.
func (r *JobReconciler) downloadFile(ctx context.Context, ns, file string) error {
	g, groupCtx := errgroup.WithContext(ctx)
	hc, err := r.registry.GetOrCreate(ctx, ns)
	if err != nil {
		return err
	}
	for _, a := range r.agents {
		a := a
		g.Go(func() error { return download(groupCtx, hc, a, file) })
	}
	return g.Wait()
}

func download(ctx context.Context, hc *http.Client, agent, file string) error {
	ds, err := agentrest.NewDownloadService("https://"+agent, hc)
	if err != nil {
		return err
	}
	_, err = ds.Download(ctx, file)
	return err
}

// BundleReconciler makes its registry itself: the fact of NewRegistry says
// what GetOrCreate returns.
type BundleReconciler struct{}

func (r *BundleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	hc, err := agenttls.NewRegistry().GetOrCreate(ctx, req.Namespace)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, download(ctx, hc, "agent", req.Name)
}

// BoundedBundleReconciler: the registry's clients have a Timeout; silent.
type BoundedBundleReconciler struct{}

func (r *BoundedBundleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	hc, err := agenttls.NewBoundedRegistry().GetOrCreate(ctx, req.Namespace)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, download(ctx, hc, "agent", req.Name)
}
