// Package controllers writes HTTP the way operators do: inside poll
// conditions, retry functions and local closures, through interfaces whose
// implementations main picks, and through factories main binds.
package controllers

import (
	"context"
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
)

// PollReconciler asks its API inside a poll condition.
type PollReconciler struct {
	HTTP *http.Client
	URL  string
}

func (r *PollReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	err := wait.PollUntilContextTimeout(ctx, time.Second, 10*time.Second, true, func(ctx context.Context) (bool, error) {
		resp, err := r.HTTP.Get(r.URL + "/" + req.Name)
		if err != nil {
			return false, err
		}
		return resp.StatusCode == http.StatusOK, resp.Body.Close()
	})
	return ctrl.Result{}, err
}

// RetryReconciler sends inside a function retry.OnError calls.
type RetryReconciler struct {
	HTTP *http.Client
}

func (r *RetryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	err := retry.OnError(retry.DefaultBackoff, func(error) bool { return true }, func() error {
		httpReq, err := http.NewRequestWithContext(ctx, http.MethodDelete, "https://api.example.com/"+req.Name, nil)
		if err != nil {
			return err
		}
		_, err = r.HTTP.Do(httpReq)
		return err
	})
	return ctrl.Result{}, err
}

// LocalReconciler keeps the call in a local closure it calls later.
type LocalReconciler struct {
	HTTP *http.Client
}

func (r *LocalReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	fetch := func() error {
		_, err := r.HTTP.Get("https://api.example.com/" + req.Name)
		return err
	}
	return ctrl.Result{}, fetch()
}

// CtxReconciler captures a context without a deadline in a closure.
type CtxReconciler struct {
	HTTP *http.Client
}

func (r *CtxReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	bg := context.Background()
	send := func() error {
		httpReq, _ := http.NewRequestWithContext(bg, http.MethodGet, "https://api.example.com/", nil)
		_, err := r.HTTP.Do(httpReq)
		return err
	}
	return ctrl.Result{}, send()
}
