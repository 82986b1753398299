package leaks

import (
	"context"
	"errors"
	"fmt"
	"time"

	"example.com/leaks/cloud"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

// The deletion branch checks the helper's error, but the helper swallowed
// the cleanup's: it returns nil although the cleanup failed.

// Reported: the helper treats a NotFound as done and only logs any other
// error, then returns nil.
type SwallowLogged struct{ base }

func (r *SwallowLogged) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.finalize(ctx, &b); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `finalizer "example.com/bucket" removed although \(\*cloud.Client\).DeleteAccount may have failed: its error is only logged in \(\*leaks.SwallowLogged\).finalize \(leaks/swallowed.go:43\), which then returns nil, so the external resource leaks: \(\*leaks.SwallowLogged\).Reconcile \(leaks/swallowed.go:30\); return the error`
	return ctrl.Result{}, r.Update(ctx, &b)
}

func (r *SwallowLogged) finalize(ctx context.Context, b *Bucket) error {
	if b.Name == "" {
		return nil
	}
	_, err := r.Cloud.DeleteAccount(ctx, 7)
	if err != nil {
		if _, ok := err.(*cloud.NotFoundError); ok || errors.Is(err, cloud.ErrNotFound) {
			return nil
		}
		log.FromContext(ctx).Error(err, "delete account, may be gone already")
	}
	return nil
}

// Reported: the helper that swallows is two calls down, and the one in
// between passes on its nil.
type SwallowDeep struct{ base }

func (r *SwallowDeep) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		if err := r.cleanup(ctx, &b); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `\(\*cloud.Client\).Delete may have failed: its error is checked in \(\*leaks.SwallowDeep\).deleteBucket \(leaks/swallowed.go:72\) but that branch returns nil, so the external resource leaks`
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *SwallowDeep) cleanup(ctx context.Context, b *Bucket) error {
	if err := r.deleteBucket(ctx, b); err != nil {
		return err
	}
	return nil
}

func (r *SwallowDeep) deleteBucket(ctx context.Context, b *Bucket) error {
	if err := r.Cloud.Delete(ctx, b.Name); err != nil {
		return nil
	}
	return nil
}

// Reported: the helper returns nothing, so its caller cannot know.
type SwallowVoid struct{ base }

func (r *SwallowVoid) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		r.cleanup(ctx, &b)
		controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `\(\*cloud.Client\).Delete may have failed: its error is only logged in \(\*leaks.SwallowVoid\).cleanup \(leaks/swallowed.go:\d+\), which then returns nothing`
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *SwallowVoid) cleanup(ctx context.Context, b *Bucket) {
	if err := r.Cloud.Delete(ctx, b.Name); err != nil {
		log.FromContext(ctx).Info("delete failed", "error", err)
	}
}

// Reported: the helper's result says nothing either, ctrl.Result{} and nil.
type SwallowResult struct{ base }

func (r *SwallowResult) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		if _, err := r.finalize(ctx, &b); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `\(\*cloud.Client\).Delete may have failed: its error is discarded in \(\*leaks.SwallowResult\).finalize`
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *SwallowResult) finalize(ctx context.Context, b *Bucket) (ctrl.Result, error) {
	_ = r.Cloud.Delete(ctx, b.Name)
	return ctrl.Result{}, nil
}

// Silent: the helper returns the cleanup's error.
type HelperReturns struct{ base }

func (r *HelperReturns) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		if err := r.finalize(ctx, &b); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *HelperReturns) finalize(ctx context.Context, b *Bucket) error {
	if err := r.Cloud.Delete(ctx, b.Name); err != nil {
		log.FromContext(ctx).Error(err, "delete bucket")
		return err
	}
	return nil
}

// Silent: the helper swallows only a NotFound, told by errors.Is or by the
// error's type.
type HelperNotFound struct{ base }

func (r *HelperNotFound) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		if err := r.finalize(ctx, &b); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *HelperNotFound) finalize(ctx context.Context, b *Bucket) error {
	if err := r.Cloud.Delete(ctx, b.Name); err != nil && !errors.Is(err, cloud.ErrNotFound) {
		return err
	}
	_, err := r.Cloud.DeleteAccount(ctx, 7)
	if err != nil {
		if _, ok := err.(*cloud.NotFoundError); ok {
			log.FromContext(ctx).Info("account already gone")
			return nil
		}
		return err
	}
	return nil
}

// Silent: on a failure the helper asks for a retry through its own result,
// and the deletion branch reads it; or says it is not done yet.
type HelperRequeues struct{ base }

func (r *HelperRequeues) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		res, err := r.finalize(ctx, &b)
		if err != nil {
			return ctrl.Result{}, err
		}
		if res.RequeueAfter > 0 {
			return res, nil
		}
		done, err := r.deleteAccount(ctx, &b)
		if err != nil {
			return ctrl.Result{}, err
		}
		if !done {
			return ctrl.Result{RequeueAfter: time.Minute}, nil
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *HelperRequeues) finalize(ctx context.Context, b *Bucket) (ctrl.Result, error) {
	if err := r.Cloud.Delete(ctx, b.Name); err != nil {
		log.FromContext(ctx).Error(err, "delete bucket, retrying")
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return ctrl.Result{}, nil
}

func (r *HelperRequeues) deleteAccount(ctx context.Context, b *Bucket) (done bool, err error) {
	if _, err := r.Cloud.DeleteAccount(ctx, 7); err != nil {
		log.FromContext(ctx).Error(err, "delete account, retrying")
		return false, nil
	}
	return true, nil
}

// Silent: the helper swallows an error, but of the Kubernetes client: it
// makes no cleanup call.
type HelperNoCleanup struct{ base }

func (r *HelperNoCleanup) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		if err := r.finalize(ctx, &b); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *HelperNoCleanup) finalize(ctx context.Context, b *Bucket) error {
	if err := r.Update(ctx, b); err != nil {
		log.FromContext(ctx).Error(err, "delete shadow")
	}
	return nil
}

// Reported: Reconcile has a defer, so it returns the helper's error
// through its result slot; the helper swallows.
type SwallowDeferred struct{ base }

func (r *SwallowDeferred) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	defer log.FromContext(ctx).Info("reconciled")
	if b.DeletionTimestamp != nil {
		if err := r.finalize(ctx, &b); err != nil {
			log.FromContext(ctx).Error(err, "finalize")
			return ctrl.Result{}, fmt.Errorf("finalize: %w", err)
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `\(\*cloud.Client\).Delete may have failed: its error is only logged in \(\*leaks.SwallowDeferred\).finalize`
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *SwallowDeferred) finalize(ctx context.Context, b *Bucket) error {
	if err := r.Cloud.Delete(ctx, b.Name); err != nil {
		log.FromContext(ctx).Error(err, "delete bucket")
	}
	return nil
}

// Silent: the same with a helper that swallows only a NotFound, told by a
// generic test of the error's type that says not.
type HelperDeferred struct{ base }

func (r *HelperDeferred) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	defer log.FromContext(ctx).Info("reconciled")
	if b.DeletionTimestamp != nil {
		if err := r.finalize(ctx, &b); err != nil {
			log.FromContext(ctx).Error(err, "finalize")
			return ctrl.Result{}, fmt.Errorf("finalize: %w", err)
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *HelperDeferred) finalize(ctx context.Context, b *Bucket) error {
	_, err := r.Cloud.DeleteAccount(ctx, 7)
	if err != nil {
		if IsNotErrorType[*cloud.NotFoundError](err) {
			return fmt.Errorf("delete account: %w", err)
		}
	}
	return nil
}

func IsErrorType[E error](err error) bool {
	var e E
	return errors.As(err, &e)
}

func IsNotErrorType[E error](err error) bool { return !IsErrorType[E](err) }
