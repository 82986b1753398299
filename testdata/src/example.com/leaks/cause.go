package leaks

import (
	"context"
	"errors"
	"time"

	"example.com/leaks/errs"
	"example.com/leaks/kube"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Silent: the helper releases a lease through a helper handed the
// Kubernetes client, and reads the error's cause to treat a NotFound as
// done, and an error saying another object holds it as nothing to
// release. errs.Cause only unwraps the error it is handed: it cleans nothing
// up, and its result is not a failure the helper swallows.
type CauseClassified struct{ base }

func (r *CauseClassified) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		if err := r.release(ctx, &b); err != nil {
			return ctrl.Result{RequeueAfter: time.Minute}, nil
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *CauseClassified) release(ctx context.Context, b *Bucket) error {
	err := kube.DeleteShadow(ctx, r.Client, b.Name)
	if apierrors.IsNotFound(errs.Cause(err)) {
		return nil
	}
	if errors.Is(err, errs.ErrNotHolder) {
		return nil // another object holds the lease: nothing to release
	}
	return err
}

// Reported: the twin whose helper deletes a bucket in the cloud. The error
// that another object holds the bucket is a failure of the cleanup, and the
// helper returns nil for it.
type CauseCloud struct{ base }

func (r *CauseCloud) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp != nil {
		if err := r.release(ctx, &b); err != nil {
			return ctrl.Result{RequeueAfter: time.Minute}, nil
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `\(\*cloud.Client\).Delete may have failed: its error is discarded in \(\*leaks.CauseCloud\).release \(leaks/cause.go:63\), which returns nil`
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *CauseCloud) release(ctx context.Context, b *Bucket) error {
	err := r.Cloud.Delete(ctx, b.Name)
	if apierrors.IsNotFound(errs.Cause(err)) {
		return nil
	}
	if errors.Is(err, errs.ErrNotHolder) {
		return nil
	}
	return err
}
