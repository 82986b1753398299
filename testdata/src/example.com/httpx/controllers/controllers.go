// Package controllers uses SDK clients that main builds.
package controllers

import (
	"context"
	"net/http"
	"time"

	"example.com/httpx/helpers"
	"example.com/httpx/sdk"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// BucketReconciler's client is bound in main: decided there.
type BucketReconciler struct {
	client.Client
	Cloud *sdk.Client
}

func (r *BucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	// The controller-runtime client is bounded: not reported.
	if err := r.Get(ctx, req.Name, nil); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, nil); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Cloud.Get(ctx, req.Name)
}

// APIReconciler uses a generated client that falls back to DefaultClient.
type APIReconciler struct {
	API *sdk.APIClient
}

func (r *APIReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.API.Call(ctx)
}

// HelperReconciler reaches http.Get two packages away.
type HelperReconciler struct{}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, helpers.Check()
}

// BoundedReconciler sends through a client without Timeout, under a ctx
// with a deadline: bounded.
type BoundedReconciler struct {
	Cloud *sdk.Client
}

func (r *BoundedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return ctrl.Result{}, sdk.New("https://storage.example.com").Get(ctx, req.Name)
}

// UnboundedReconciler does the same with the reconcile ctx, and in a
// goroutine, which does not hold the worker.
type UnboundedReconciler struct{}

func (r *UnboundedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	go sdk.New("https://storage.example.com").Get(context.TODO(), req.Name)
	err := sdk.New("https://storage.example.com").Get(ctx, req.Name)
	return ctrl.Result{}, err
}

// DefaultReconciler uses http.DefaultClient directly.
type DefaultReconciler struct{}

func (r *DefaultReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	hreq, _ := http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com", nil)
	_, err := http.DefaultClient.Do(hreq) // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.DefaultClient \(controllers/controllers.go:75\) and the reconcile ctx, which has no deadline\)`
	return ctrl.Result{}, err
}

// TransportReconciler calls RoundTrip on a bare transport.
type TransportReconciler struct{ Transport *http.Transport }

func (r *TransportReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	// The finding sits at the request made without a context: the fix.
	hreq, _ := http.NewRequest(http.MethodGet, "https://example.com", nil) // want `\(\*http.Transport\).RoundTrip can block the reconcile worker forever: nothing bounds it \(a bare \*http.Transport, which has no overall timeout and http.NewRequest, which uses context.Background\(\) \(controllers/controllers.go:84\)\)`
	_, err := r.Transport.RoundTrip(hreq)
	return ctrl.Result{}, err
}

// PhiReconciler builds its request in either of two branches.
type PhiReconciler struct{}

func (r *PhiReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var hreq *http.Request
	if req.Name == "" {
		hreq, _ = http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com/a", nil)
	} else {
		hreq, _ = http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com/b", nil)
	}
	_, err := http.DefaultClient.Do(hreq) // want `nothing bounds it \(http.DefaultClient \(controllers/controllers.go:99\) and the reconcile ctx, which has no deadline\)`
	return ctrl.Result{}, err
}

// NewBucketReconciler is the constructor main calls: the requirement on the
// Cloud field becomes one on its parameter, decided at its calls.
func NewBucketReconciler(c client.Client, cloud *sdk.Client) *BucketReconciler {
	return &BucketReconciler{Client: c, Cloud: cloud}
}
