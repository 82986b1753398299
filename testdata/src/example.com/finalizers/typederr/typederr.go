// Package typederr keeps its deletion branch in helpers that return an
// object and an error, not a Result: the entry turns a typed error into
// ctrl.Result{RequeueAfter: d} (errors.As) and a nil error into
// ctrl.Result{}. A helper's return of a nil error while the finalizer is
// held is the finding, at the helper's return; a return of the typed
// requeue error asks to be called again.
package typederr

import (
	"context"
	"errors"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "example.com/typederr"

type Bucket struct {
	metav1.ObjectMeta
	Emptied bool
}

// RequeueNeededAfter asks the entry for a later reconcile.
type RequeueNeededAfter struct{ After time.Duration }

func (e RequeueNeededAfter) Error() string { return "requeue needed after " + e.After.String() }

type external interface {
	DeleteBucket(ctx context.Context, name string) error
}

type base struct {
	client.Client
	Store external
}

// toResult is the conversion the entries share.
func toResult(err error) (ctrl.Result, error) {
	var requeue RequeueNeededAfter
	if errors.As(err, &requeue) {
		return ctrl.Result{RequeueAfter: requeue.After}, nil
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The helper starts the external cleanup and reports success while the
// finalizer is still set: nothing calls Reconcile again.
type StartsCleanup struct{ base }

func (r *StartsCleanup) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if err := r.Get(ctx, req.Name, &b); err != nil {
		return ctrl.Result{}, err
	}
	_, err := r.reconcile(ctx, &b)
	return toResult(err)
}

func (r *StartsCleanup) reconcile(ctx context.Context, b *Bucket) (*Bucket, error) {
	if b.DeletionTimestamp != nil {
		if err := r.Store.DeleteBucket(ctx, b.Name); err != nil {
			return nil, err
		}
		if !b.Emptied {
			return b, nil // want `finalizer branch returns without RequeueAfter while finalizer "example.com/typederr" is still set.*\(\*typederr.StartsCleanup\).Reconcile \(typederr/typederr.go:62\) -> \(\*typederr.StartsCleanup\).reconcile \(typederr/typederr.go:72\)`
		}
		controllerutil.RemoveFinalizer(b, finalizer)
		return b, r.Update(ctx, b)
	}
	controllerutil.AddFinalizer(b, finalizer)
	return b, r.Update(ctx, b)
}

// Its twin returns the typed requeue error until the cleanup is confirmed.
type RequeuesCleanup struct{ base }

func (r *RequeuesCleanup) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if err := r.Get(ctx, req.Name, &b); err != nil {
		return ctrl.Result{}, err
	}
	_, err := r.reconcile(ctx, &b)
	return toResult(err)
}

func (r *RequeuesCleanup) reconcile(ctx context.Context, b *Bucket) (*Bucket, error) {
	if b.DeletionTimestamp != nil {
		if err := r.Store.DeleteBucket(ctx, b.Name); err != nil {
			return nil, err
		}
		if !b.Emptied {
			return b, RequeueNeededAfter{After: 10 * time.Second}
		}
		controllerutil.RemoveFinalizer(b, finalizer)
		return b, r.Update(ctx, b)
	}
	controllerutil.AddFinalizer(b, finalizer)
	return b, r.Update(ctx, b)
}

// The conversion inline, the branch one helper further down.
type Inline struct{ base }

func (r *Inline) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if err := r.Get(ctx, req.Name, &b); err != nil {
		return ctrl.Result{}, err
	}
	err := r.reconcile(ctx, &b)
	var requeue *RequeueNeededAfter
	if errors.As(err, &requeue) {
		return ctrl.Result{RequeueAfter: requeue.After}, nil
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *Inline) reconcile(ctx context.Context, b *Bucket) error {
	if !b.DeletionTimestamp.IsZero() {
		return r.finalize(ctx, b)
	}
	controllerutil.AddFinalizer(b, finalizer)
	return r.Update(ctx, b)
}

func (r *Inline) finalize(ctx context.Context, b *Bucket) error {
	if !controllerutil.ContainsFinalizer(b, finalizer) {
		return nil // the finalizer is gone
	}
	go r.Store.DeleteBucket(context.Background(), b.Name)
	return nil // want `finalizer branch returns without RequeueAfter`
}

// Its twin: the entry asks for a requeue on a nil error too, while the
// object is being deleted.
type InlineRequeues struct{ base }

func (r *InlineRequeues) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if err := r.Get(ctx, req.Name, &b); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.reconcile(ctx, &b); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

func (r *InlineRequeues) reconcile(ctx context.Context, b *Bucket) error {
	if !b.DeletionTimestamp.IsZero() {
		go r.Store.DeleteBucket(context.Background(), b.Name)
		return nil
	}
	controllerutil.AddFinalizer(b, finalizer)
	return r.Update(ctx, b)
}

// A helper that declines to add the finalizer to an object being deleted,
// called after the entry has dealt with deletion: only a path on which
// the object is not being deleted reaches it.
type AddsLater struct{ base }

func (r *AddsLater) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if err := r.Get(ctx, req.Name, &b); err != nil {
		return ctrl.Result{}, err
	}
	if b.DeletionTimestamp != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	if err := r.ensureFinalizer(ctx, &b); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *AddsLater) ensureFinalizer(ctx context.Context, b *Bucket) error {
	if b.DeletionTimestamp != nil {
		return nil
	}
	controllerutil.AddFinalizer(b, finalizer)
	return r.Update(ctx, b)
}

// The helper hands the cleanup to a goroutine and returns nil: the entry
// goes on, and every way out of it while the object is deleted either
// requeues or holds no finalizer at all. Silent.
type HandsOff struct {
	base
	busy chan struct{}
}

func (r *HandsOff) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	requeue := ctrl.Result{RequeueAfter: 5 * time.Second}
	var b Bucket
	if err := r.Get(ctx, req.Name, &b); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.startCleanup(ctx, &b); err != nil {
		return ctrl.Result{}, err
	}
	if b.Emptied {
		if len(b.GetFinalizers()) > 0 {
			return requeue, nil
		}
		return ctrl.Result{}, nil
	}
	if b.DeletionTimestamp != nil {
		return requeue, nil
	}
	controllerutil.AddFinalizer(&b, finalizer)
	return ctrl.Result{}, r.Update(ctx, &b)
}

func (r *HandsOff) startCleanup(ctx context.Context, b *Bucket) error {
	if b.DeletionTimestamp == nil {
		return nil
	}
	select {
	case r.busy <- struct{}{}:
		go r.cleanup(ctx, b)
	default:
	}
	return nil
}

func (r *HandsOff) cleanup(ctx context.Context, b *Bucket) {
	defer func() { <-r.busy }()
	if err := r.Store.DeleteBucket(ctx, b.Name); err != nil {
		return
	}
	controllerutil.RemoveFinalizer(b, finalizer)
	_ = r.Update(ctx, b)
}
