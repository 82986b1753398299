package controllers

import (
	"context"

	"example.com/factories/msgclient"
	ctrl "sigs.k8s.io/controller-runtime"
)

// QueueReconciler builds its broker client per reconcile through a factory
// field that main binds.
type QueueReconciler struct {
	ClientFactory msgclient.Factory
}

func (r *QueueReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rc, err := r.ClientFactory(map[string]string{"uri": "http://broker:15672"})
	if err != nil {
		return ctrl.Result{}, err
	}
	if _, err := rc.DeleteQueue("/", req.Name); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// DirectQueueReconciler calls a constructor that returns the interface.
type DirectQueueReconciler struct{}

func (r *DirectQueueReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rc := msgclient.New("http://broker:15672")
	_, err := rc.DeleteQueue("/", req.Name)
	return ctrl.Result{}, err
}

type BoundedQueueReconciler struct{}

func (r *BoundedQueueReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rc := msgclient.NewBounded("http://broker:15672")
	_, err := rc.DeleteQueue("/", req.Name)
	return ctrl.Result{}, err
}

// StatusReconciler gets a plain HTTP client from a factory field.
type StatusReconciler struct {
	HTTPClient msgclient.HTTPClientFactory
}

func (r *StatusReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	resp, err := r.HTTPClient().Get("http://status.example.com/" + req.Name)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, resp.Body.Close()
}
