// Package wrapped tests deletion through an interface that wraps the
// object: res.IsBeingDeleted() is a deletion test when the methods of the
// types the package converts to that interface are.
package wrapped

import (
	"context"
	"time"

	"example.com/finalizers/wrapped/api"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "example.com/wrapped"

type Resource interface {
	client.Object
	IsBeingDeleted() bool
	IsReady() bool
}

type base struct{ client.Client }

// The implementations are of another package, their facts say deletion.
type DatabaseReconciler struct{ base }

func (r *DatabaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var res Resource = &api.Database{}
	if err := r.Get(ctx, req.Name, res); err != nil {
		return ctrl.Result{}, err
	}
	if res.IsBeingDeleted() {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	controllerutil.AddFinalizer(res, finalizer)
	return ctrl.Result{}, r.Update(ctx, res)
}

type UserReconciler struct{ base }

func (r *UserReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var res Resource = &api.User{}
	if err := r.Get(ctx, req.Name, res); err != nil {
		return ctrl.Result{}, err
	}
	if !res.IsBeingDeleted() {
		controllerutil.AddFinalizer(res, finalizer)
		return ctrl.Result{}, r.Update(ctx, res)
	}
	if controllerutil.ContainsFinalizer(res, finalizer) {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // until the cleanup is confirmed
	}
	return ctrl.Result{}, nil // the finalizer is gone
}

// A method that tests something else is no deletion test.
type ReadyReconciler struct{ base }

func (r *ReadyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var res Resource = &api.User{}
	if err := r.Get(ctx, req.Name, res); err != nil {
		return ctrl.Result{}, err
	}
	if !res.IsReady() {
		return ctrl.Result{}, nil
	}
	controllerutil.AddFinalizer(res, finalizer)
	return ctrl.Result{}, r.Update(ctx, res)
}

// An implementation in this package: the method is a bool helper of the
// package.
type Terminating interface {
	client.Object
	Terminating() bool
}

type Bucket struct{ metav1.ObjectMeta }

func (b *Bucket) Terminating() bool { return b.GetDeletionTimestamp() != nil } // want Terminating:`finalizer\(deletion test of param 0, deleting when true\)`

type BucketReconciler struct{ base }

func (r *BucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var t Terminating = &Bucket{}
	if t.Terminating() {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	controllerutil.AddFinalizer(t, finalizer)
	return ctrl.Result{}, r.Update(ctx, t)
}

// Two implementations converted, one of them testing something else under
// the same name: the call through the interface is no deletion test.
type Stopping interface {
	client.Object
	Stopping() bool
}

type Queue struct {
	metav1.ObjectMeta
	Draining bool
}

func (b *Bucket) Stopping() bool { return !b.DeletionTimestamp.IsZero() } // want Stopping:`finalizer\(deletion test of param 0, deleting when true\)`

func (q *Queue) Stopping() bool { return q.Draining }

type QueueReconciler struct{ base }

func (r *QueueReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var s Stopping = &Bucket{}
	if req.Name == "queue" {
		s = &Queue{}
	}
	controllerutil.AddFinalizer(s, finalizer)
	if s.Stopping() {
		return ctrl.Result{}, nil // a Queue may be draining, not deleted
	}
	return ctrl.Result{}, r.Update(ctx, s)
}
