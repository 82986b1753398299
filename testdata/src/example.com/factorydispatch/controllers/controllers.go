package controllers

import (
	"context"
	"time"

	"example.com/factorydispatch/brokerclient"
	ctrl "sigs.k8s.io/controller-runtime"
)

// KindReconciler is what each kind implements; the generic reconciler
// dispatches to it with the client it built.
type KindReconciler interface {
	DeclareFunc(ctx context.Context, client brokerclient.Client, name string) error
	DeleteFunc(ctx context.Context, client brokerclient.Client, name string) error
}

// TopologyReconciler holds both the kind's reconciler (an embedded
// interface) and the client factory, each bound in main.
type TopologyReconciler struct {
	KindReconciler
	ClientFactory brokerclient.Factory
}

func (r *TopologyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rc, err := r.ClientFactory(map[string]string{"uri": "http://broker:15672"})
	if err != nil {
		return ctrl.Result{}, err
	}
	if req.Namespace == "gone" {
		return ctrl.Result{}, r.DeleteFunc(ctx, rc, req.Name)
	}
	return ctrl.Result{}, r.DeclareFunc(ctx, rc, req.Name)
}

// NamedTopologyReconciler holds the kind's reconciler in a named field.
type NamedTopologyReconciler struct {
	Kind          KindReconciler
	ClientFactory brokerclient.Factory
}

func (r *NamedTopologyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rc, err := r.ClientFactory(map[string]string{"uri": "http://broker:15672"})
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Kind.DeclareFunc(ctx, rc, req.Name)
}

// QueueReconciler sends through the client it is given.
type QueueReconciler struct{}

func (q *QueueReconciler) DeclareFunc(_ context.Context, client brokerclient.Client, name string) error {
	_, err := client.DeclareQueue("/", name)
	return err
}

func (q *QueueReconciler) DeleteFunc(_ context.Context, client brokerclient.Client, name string) error {
	_, err := client.DeleteQueue("/", name)
	return err
}

// SecretReconciler never calls the client: it only touches the cluster.
type SecretReconciler struct{}

func (s *SecretReconciler) DeclareFunc(context.Context, brokerclient.Client, string) error {
	return nil
}

func (s *SecretReconciler) DeleteFunc(context.Context, brokerclient.Client, string) error {
	return nil
}

// NewTopologyReconciler stores what main gives it: the needs pass to its
// calls.
func NewTopologyReconciler(kind KindReconciler, factory brokerclient.Factory) *TopologyReconciler {
	return &TopologyReconciler{KindReconciler: kind, ClientFactory: factory}
}

// HelperTopologyReconciler dispatches in a helper it hands the client to.
type HelperTopologyReconciler struct {
	Kind          KindReconciler
	ClientFactory brokerclient.Factory
}

func (r *HelperTopologyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rc, err := r.ClientFactory(map[string]string{"uri": "http://broker:15672"})
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.apply(ctx, rc, req.Name)
}

func (r *HelperTopologyReconciler) apply(ctx context.Context, rc brokerclient.Client, name string) error {
	return r.Kind.DeleteFunc(ctx, rc, name)
}

// PurgeReconciler passes the ctx it is given on to the client.
type PurgeReconciler struct{}

func (p *PurgeReconciler) DeclareFunc(ctx context.Context, client brokerclient.Client, name string) error {
	_, err := client.PurgeQueue(ctx, "/", name)
	return err
}

func (p *PurgeReconciler) DeleteFunc(context.Context, brokerclient.Client, string) error {
	return nil
}

// TimedTopologyReconciler gives the kind's reconciler a ctx with a deadline.
type TimedTopologyReconciler struct {
	Kind          KindReconciler
	ClientFactory brokerclient.Factory
}

func (r *TimedTopologyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rc, err := r.ClientFactory(map[string]string{"uri": "http://broker:15672"})
	if err != nil {
		return ctrl.Result{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return ctrl.Result{}, r.Kind.DeclareFunc(ctx, rc, req.Name)
}
