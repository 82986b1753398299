// Package leaks has the deletion branches finalizerleak must tell apart:
// cleanup errors dropped before the finalizer is removed, and their twins
// that return, requeue or accept only a NotFound.
package leaks

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"example.com/leaks/api"
	"example.com/leaks/cloud"
	"example.com/leaks/kube"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

const bucketFinalizer = "example.com/bucket"

type Bucket struct{ metav1.ObjectMeta }

type base struct {
	client.Client
	Cloud *cloud.Client
}

// Reported: the error is assigned to _.
type Blank struct{ base }

func (r *Blank) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if !b.GetDeletionTimestamp().IsZero() {
		_ = r.Cloud.Delete(ctx, b.Name)
		controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `finalizer "example.com/bucket" removed although \(\*cloud.Client\).Delete may have failed: its error is discarded, so the external resource leaks: \(\*leaks.Blank\).Reconcile \(leaks/leaks.go:40\); return the error \(or ctrl.Result\{RequeueAfter: d\}\) until the cleanup succeeds, then remove the finalizer; treat only NotFound as done`
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

// Reported: the result is not even read.
type Unused struct{ base }

func (r *Unused) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	r.Cloud.Delete(ctx, b.Name)
	b.SetFinalizers(nil) // want `the finalizer removed although \(\*cloud.Client\).Delete may have failed: its error is discarded`
	return ctrl.Result{}, r.Update(ctx, &b)
}

// Reported: the error is logged, and the branch goes on.
type Logged struct{ base }

func (r *Logged) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		if err := r.Cloud.Delete(ctx, b.Name); err != nil {
			log.FromContext(ctx).Error(err, "delete failed", "bucket", b.Name)
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `\(\*cloud.Client\).Delete may have failed: its error is only logged \(leaks/leaks.go:66\), so the external resource leaks`
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

// Reported: the error, in a message, is logged.
type LoggedMessage struct{ base }

func (r *LoggedMessage) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		err := r.Cloud.Delete(ctx, b.Name)
		log.FromContext(ctx).Info(fmt.Sprintf("deleted %s: %v", b.Name, err))
		b.Finalizers = nil // want `the finalizer removed although \(\*cloud.Client\).Delete may have failed: its error is only logged \(leaks/leaks.go:81\)`
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

// Reported: the branch that sees the error falls through to the removal.
type FallThrough struct{ base }

func (r *FallThrough) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		failed := false
		if err := r.Cloud.Delete(ctx, b.Name); err != nil && !apierrors.IsNotFound(err) {
			failed = true
		}
		_ = failed
		controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `its error is checked but that branch falls through to the removal`
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

// Reported in the helper that the deletion branch calls, with the chain;
// the cleanup is a helper of this package too.
type Helper struct{ base }

func (r *Helper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return r.reconcileDelete(ctx, &b)
}

func (r *Helper) reconcileDelete(ctx context.Context, b *Bucket) (ctrl.Result, error) {
	if err := r.deleteExternal(ctx, b); err != nil {
		log.FromContext(ctx).Info("cleanup failed", "error", err)
	}
	controllerutil.RemoveFinalizer(b, bucketFinalizer) // want `\(\*leaks.Helper\).deleteExternal may have failed: its error is only logged \(leaks/leaks.go:119\), so the external resource leaks: \(\*leaks.Helper\).Reconcile \(leaks/leaks.go:114\) -> \(\*leaks.Helper\).reconcileDelete \(leaks/leaks.go:121\)`
	return ctrl.Result{}, r.Update(ctx, b)
}

func (r *Helper) deleteExternal(ctx context.Context, b *Bucket) error {
	return r.Cloud.Delete(ctx, b.Name)
}

// Silent: the error is returned; controller-runtime retries with backoff.
type Returned struct{ base }

func (r *Returned) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		if err := r.Cloud.Delete(ctx, b.Name); err != nil {
			log.FromContext(ctx).Error(err, "delete failed")
			return ctrl.Result{}, fmt.Errorf("delete bucket %s: %w", b.Name, err)
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

// Silent: the failure requeues.
type Requeued struct{ base }

func (r *Requeued) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		err := r.Cloud.Delete(ctx, b.Name)
		if err != nil {
			log.FromContext(ctx).Error(err, "delete failed, retrying")
			return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

// Silent: only a NotFound goes on, and it means the resource is gone.
type NotFound struct{ base }

func (r *NotFound) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	if err := r.Cloud.Delete(ctx, b.Name); err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	if err := r.Cloud.Delete(ctx, b.Name+"-logs"); err != nil {
		if !errors.Is(err, cloud.ErrNotFound) {
			return ctrl.Result{}, err
		}
		log.FromContext(ctx).Info("already gone")
	}
	if err := client.IgnoreNotFound(r.Cloud.Delete(ctx, b.Name+"-acl")); err != nil {
		return ctrl.Result{}, err
	}
	if err := os.Remove("/var/cache/" + b.Name); err != nil && !os.IsNotExist(err) {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(&b, bucketFinalizer)
	return ctrl.Result{}, r.Update(ctx, &b)
}

// Silent: the Kubernetes client and the API types' methods are not an
// external cleanup, and a removal guarded by what the cleanup said (done)
// read its outcome.
type NotCleanup struct{ base }

func (r *NotCleanup) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b api.Bucket
	if b.DeletionTimestamp != nil {
		_ = b.Status.SetFailed()
		_ = kube.DeleteShadow(ctx, r.Client, b.Name)
		_ = r.Status().Update(ctx, &b)
		done, _ := r.Cloud.DeleteAsync(ctx, b.Name)
		if !done {
			return ctrl.Result{RequeueAfter: time.Minute}, nil
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

// Silent: the errors are gathered and returned together.
type Gathered struct{ base }

func (r *Gathered) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		var errs []error
		for _, name := range []string{b.Name, b.Name + "-logs"} {
			if err := r.Cloud.Delete(ctx, name); err != nil {
				errs = append(errs, err)
			}
		}
		if len(errs) > 0 {
			return ctrl.Result{}, errors.Join(errs...)
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

// Silent: outside the deletion branch nothing is removed.
type Normal struct{ base }

func (r *Normal) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	_ = r.Cloud.Delete(ctx, b.Name+"-tmp")
	controllerutil.AddFinalizer(&b, bucketFinalizer)
	return ctrl.Result{}, r.Update(ctx, &b)
}

// Reported: a NotFound is fine, but any other error is only logged.
type LoggedUnlessGone struct{ base }

func (r *LoggedUnlessGone) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		if err := os.RemoveAll("/var/cache/" + b.Name); err != nil && !os.IsNotExist(err) {
			log.FromContext(ctx).Error(err, "remove cache")
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `os.RemoveAll may have failed: its error is only logged`
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

// Reported: a NotFound, told by the error's type, is fine, but any other
// error is only logged.
type TypedNotFoundLogged struct{ base }

func (r *TypedNotFoundLogged) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		if _, err := r.Cloud.DeleteAccount(ctx, 7); err != nil {
			if _, ok := err.(*cloud.NotFoundError); !ok {
				log.FromContext(ctx).Error(err, "delete account")
			}
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `\(\*cloud.Client\).DeleteAccount may have failed: its error is only logged`
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

// Silent: only a NotFound, told by the error's type, goes on.
type TypedNotFound struct{ base }

func (r *TypedNotFound) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		if _, err := r.Cloud.DeleteAccount(ctx, 7); err != nil {
			if _, ok := err.(*cloud.NotFoundError); !ok {
				return ctrl.Result{}, err
			}
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}
