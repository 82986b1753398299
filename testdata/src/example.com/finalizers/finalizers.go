// Package finalizers has the finalizer branches finalizerrequeue must tell
// apart: the incident's, its fix, and the correct shapes around them.
package finalizers

import (
	"context"
	"errors"
	"slices"
	"time"

	"example.com/finalizers/cleanup"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const bucketFinalizer = "example.com/bucket"

type Bucket struct{ metav1.ObjectMeta }

type Cloud interface {
	Delete(ctx context.Context, name string) (done bool, err error)
}

type base struct {
	client.Client
	Cloud Cloud
}

// The incident: the delete is still pending, and the branch returns as if
// all were done.
type Incident struct{ base }

func (r *Incident) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(removes=true; returns at \(\*finalizers.Incident\).Reconcile \(finalizers/finalizers.go:48\); returns at \(\*finalizers.Incident\).Reconcile \(finalizers/finalizers.go:43\)\)`
	var b Bucket
	if !b.GetDeletionTimestamp().IsZero() {
		done, err := r.Cloud.Delete(ctx, b.Name)
		if err != nil {
			return ctrl.Result{}, err // an error return: requeued with backoff
		}
		if !done {
			return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter while finalizer "example.com/bucket" is still set, so the object stays Terminating until another event arrives: \(\*finalizers.Incident\).Reconcile \(finalizers/finalizers.go:43\); return ctrl.Result\{RequeueAfter: d\} until cleanup is confirmed, then remove the finalizer`
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

// The fix: requeue until the cloud confirms, then remove the finalizer.
type Fixed struct{ base }

func (r *Fixed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(removes=true; returns at \(\*finalizers.Fixed\).Reconcile \(finalizers/finalizers.go:73\)\)`
	var b Bucket
	if b.DeletionTimestamp != nil {
		if !controllerutil.ContainsFinalizer(&b, bucketFinalizer) {
			return ctrl.Result{}, nil // the finalizer is gone: nothing to do
		}
		done, err := r.Cloud.Delete(ctx, b.Name)
		if err != nil {
			return ctrl.Result{}, err
		}
		if !done {
			return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		if err := r.Update(ctx, &b); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// The deletion logic in a helper whose results the Reconcile returns.
type Delegating struct{ base }

func (r *Delegating) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(removes=false; .* -> \(\*finalizers.Delegating\).reconcileDelete \(finalizers/finalizers.go:92\)\)`
	var b Bucket
	if b.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(&b, bucketFinalizer) // this reconciler keeps the finalizer
		return ctrl.Result{}, r.Update(ctx, &b)          // the early return: below is the deletion region
	}
	return r.reconcileDelete(ctx, &b)
}

func (r *Delegating) reconcileDelete(ctx context.Context, b *Bucket) (ctrl.Result, error) {
	if _, err := r.Cloud.Delete(ctx, b.Name); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil // want `is still set, .*: \(\*finalizers.Delegating\).Reconcile \(finalizers/finalizers.go:85\) -> \(\*finalizers.Delegating\).reconcileDelete \(finalizers/finalizers.go:92\)`
}

// A Result built before the branch and returned much later.
type Early struct{ base }

func (r *Early) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	result := ctrl.Result{RequeueAfter: 30 * time.Second}
	var b Bucket
	if b.GetDeletionTimestamp() != nil {
		if _, err := r.Cloud.Delete(ctx, b.Name); err != nil {
			return result, err
		}
		return result, nil
	}
	return result, nil
}

// The deletion test joined with the finalizer test by &&.
type Joined struct{ base }

func (r *Joined) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(removes=true; .*\)`
	var b Bucket
	if !b.DeletionTimestamp.IsZero() && controllerutil.ContainsFinalizer(&b, bucketFinalizer) {
		done, _ := r.Cloud.Delete(ctx, b.Name)
		if done {
			controllerutil.RemoveFinalizer(&b, bucketFinalizer)
			return ctrl.Result{}, r.Update(ctx, &b)
		}
		return ctrl.Result{}, nil // want `while finalizer "example.com/bucket" is still set`
	}
	return ctrl.Result{}, nil // not deleting, or the finalizer is gone
}

// Requeue: true, and a finalizer test through slices.Contains.
type Requeuing struct{ base }

func (r *Requeuing) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(removes=true; .*\)`
	var b Bucket
	if b.GetDeletionTimestamp() == nil {
		return ctrl.Result{}, nil
	}
	if !slices.Contains(b.GetFinalizers(), bucketFinalizer) {
		return ctrl.Result{}, nil
	}
	if done, _ := r.Cloud.Delete(ctx, b.Name); !done {
		return ctrl.Result{Requeue: true}, nil
	}
	b.SetFinalizers(nil)
	return ctrl.Result{}, r.Update(ctx, &b)
}

// The helper in another package, through facts, and a helper there that
// removes the finalizer.
type Remote struct{ base }

func (r *Remote) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(removes=true; .* -> cleanup.Finalize \(cleanup/cleanup.go:24\)\)`
	var b Bucket
	if b.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	if b.Name == "forget" {
		cleanup.Forget(&b)
		return ctrl.Result{}, nil
	}
	return cleanup.Finalize(ctx, r.Cloud, &b) // want `the finalizer is still set, .*: \(\*finalizers.Remote\).Reconcile \(finalizers/finalizers.go:157\) -> cleanup.Finalize \(cleanup/cleanup.go:24\)`
}

var errNotYet = errors.New("not yet")
