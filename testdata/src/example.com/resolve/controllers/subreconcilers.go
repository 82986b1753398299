package controllers

import (
	"context"

	"example.com/resolve/requester"
	ctrl "sigs.k8s.io/controller-runtime"
)

// subReconciler is one step of a reconcile; the steps are more than the
// few implementations a call through any interface resolves to, but each is
// put in the list.
type subReconciler interface {
	reconcile(ctx context.Context, r requester.Interface) error
}

type (
	addConfig   struct{}
	addService  struct{}
	addCore     struct{}
	addReplicas struct{}
	addPDB      struct{}
	syncConfig  struct{}
	syncPods    struct{}
	syncSets    struct{}
	addBoot     struct{}
	// updateStatus asks the dashboard API for the nodes' state.
	updateStatus struct{}
)

func (addConfig) reconcile(context.Context, requester.Interface) error   { return nil }
func (addService) reconcile(context.Context, requester.Interface) error  { return nil }
func (addCore) reconcile(context.Context, requester.Interface) error     { return nil }
func (addReplicas) reconcile(context.Context, requester.Interface) error { return nil }
func (addPDB) reconcile(context.Context, requester.Interface) error      { return nil }
func (syncConfig) reconcile(context.Context, requester.Interface) error  { return nil }
func (syncPods) reconcile(context.Context, requester.Interface) error    { return nil }
func (syncSets) reconcile(context.Context, requester.Interface) error    { return nil }
func (addBoot) reconcile(context.Context, requester.Interface) error     { return nil }

func (updateStatus) reconcile(ctx context.Context, r requester.Interface) error {
	return nodesByAPI(r)
}

func nodesByAPI(r requester.Interface) error {
	return r.Request("GET", "/api/v5/nodes")
}

func newRequester(host string) (requester.Interface, error) {
	return &requester.Requester{Host: host}, nil
}

type StepsReconciler struct{}

func (r *StepsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rq, err := newRequester(req.Name)
	if err != nil {
		return ctrl.Result{}, err
	}
	for _, step := range []subReconciler{
		&addConfig{}, &addService{}, &addCore{}, &addReplicas{}, &addPDB{},
		&syncConfig{}, &syncPods{}, &syncSets{}, &addBoot{}, &updateStatus{},
	} {
		if err := step.reconcile(ctx, rq); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}
