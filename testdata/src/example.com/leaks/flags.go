package leaks

import (
	"context"
	"errors"

	"example.com/leaks/cloud"
	"example.com/leaks/meta"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// The cleanup's error is followed through a flag and the variable a loop
// keeps it in: the loop is fine; the helper it calls is not.

// Reported: each record's cleanup fails into a flag that keeps the
// finalizer, but the helper hides a failed lookup from it and returns nil:
// the record it could not find stays.
type FlagSwallow struct{ base }

func (r *FlagSwallow) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	failed := false
	var err error
	for _, host := range b.Finalizers {
		if err = r.deleteRecord(ctx, host); err != nil {
			failed = true
		}
	}
	if failed {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `\(\*cloud.Client\).Lookup may have failed: its error is checked in \(\*leaks.FlagSwallow\).deleteRecord \(leaks/flags.go:41\) but that branch returns nil`
	return ctrl.Result{}, r.Update(ctx, &b)
}

func (r *FlagSwallow) deleteRecord(ctx context.Context, host string) error {
	id, err := r.Cloud.Lookup(ctx, host)
	if err != nil {
		r.event("lookup failed, not cleaning up")
	} else if err := r.Cloud.Delete(ctx, id); err != nil {
		return err
	}
	return nil
}

func (r *FlagSwallow) event(string) {}

// Silent: the same loop and flag, and the helper returns every error.
type FlagReturns struct{ base }

func (r *FlagReturns) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	failed := false
	var err error
	for _, host := range b.Finalizers {
		if err = r.deleteRecord(ctx, host); err != nil {
			failed = true
		}
	}
	if failed {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(&b, bucketFinalizer)
	return ctrl.Result{}, r.Update(ctx, &b)
}

func (r *FlagReturns) deleteRecord(ctx context.Context, host string) error {
	id, err := r.Cloud.Lookup(ctx, host)
	if err != nil {
		return err
	}
	return r.Cloud.Delete(ctx, id)
}

// Reported: the loop keeps the last error, and the test after it only
// records an event.
type LastErrEvent struct{ FlagSwallow }

func (r *LastErrEvent) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	var err error
	for _, host := range b.Finalizers {
		err = r.Cloud.Delete(ctx, host)
	}
	if err != nil {
		r.event("cleanup failed")
	}
	controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `\(\*cloud.Client\).Delete may have failed: its error is checked but that branch falls through to the removal`
	return ctrl.Result{}, r.Update(ctx, &b)
}

// Silent: the same loop, and the last error is returned.
type LastErrReturned struct{ base }

func (r *LastErrReturned) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if b.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	var err error
	for _, host := range b.Finalizers {
		err = r.Cloud.Delete(ctx, host)
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(&b, bucketFinalizer)
	return ctrl.Result{}, r.Update(ctx, &b)
}

// Reported: a user's certificate fails to issue for a reason that is not
// "pending", and the deletion branch under that failure removes the
// finalizer without the cleanup the object holds it for.
type FailedRemoves struct{ base }

func (r *FailedRemoves) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if err := r.Cloud.IssueCert(ctx, b.Name); err != nil {
		switch {
		case errors.As(err, &cloud.NotReadyError{}):
			return ctrl.Result{RequeueAfter: 5}, nil
		default:
			if meta.IsMarkedForDeletion(b.ObjectMeta) {
				controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `\(\*cloud.Client\).IssueCert may have failed: its error is checked, and the finalizer is removed on the branch where it is not nil`
				return ctrl.Result{}, r.Update(ctx, &b)
			}
			return fail(err)
		}
	}
	if meta.IsMarkedForDeletion(b.ObjectMeta) {
		if err := r.Cloud.Delete(ctx, b.Name); err != nil {
			return fail(err)
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

// Silent: the same, but a failed issue is returned while deleting too.
type FailedReturns struct{ base }

func (r *FailedReturns) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if err := r.Cloud.IssueCert(ctx, b.Name); err != nil {
		switch {
		case errors.As(err, &cloud.NotReadyError{}):
			return ctrl.Result{RequeueAfter: 5}, nil
		default:
			return fail(err)
		}
	}
	if meta.IsMarkedForDeletion(b.ObjectMeta) {
		if err := r.Cloud.Delete(ctx, b.Name); err != nil {
			return fail(err)
		}
		controllerutil.RemoveFinalizer(&b, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

// fail logs nothing and hands the error back with an empty Result.
func fail(err error) (ctrl.Result, error) { return ctrl.Result{}, err }

// Silent: the finalizer goes only once a read of the external resource
// fails with its NotFound type, tested with errors.As (humio-operator's
// controllers); otherwise the branch deletes and requeues.
type GoneByType struct{ base }

func (r *GoneByType) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if meta.IsMarkedForDeletion(b.ObjectMeta) {
		_, err := r.Cloud.GetAccount(ctx, 7)
		if errors.As(err, &cloud.EntityNotFound{}) {
			controllerutil.RemoveFinalizer(&b, bucketFinalizer)
			return ctrl.Result{}, r.Update(ctx, &b)
		}
		if err := r.Cloud.Delete(ctx, b.Name); err != nil {
			return fail(err)
		}
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}

// Reported: the same test with an error type that is not a NotFound: the
// read failed for another reason and the finalizer goes.
type GoneByWrongType struct{ base }

func (r *GoneByWrongType) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if meta.IsMarkedForDeletion(b.ObjectMeta) {
		_, err := r.Cloud.GetAccount(ctx, 7)
		if errors.As(err, &cloud.NotReadyError{}) {
			controllerutil.RemoveFinalizer(&b, bucketFinalizer) // want `\(\*cloud.Client\).GetAccount may have failed: its error is discarded`
			return ctrl.Result{}, r.Update(ctx, &b)
		}
		if err := r.Cloud.Delete(ctx, b.Name); err != nil {
			return fail(err)
		}
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}

// Silent: after deleting the token, the helper takes the finalizer off the
// token's Secret, another object; the token's own finalizer goes only once
// a read finds the token gone (humio-operator's token controllers).
type Token struct{ Bucket }

type TokenSecret struct{ Bucket }

type FreesSecret struct{ base }

func (r *FreesSecret) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var t Token
	if t.DeletionTimestamp != nil {
		_, err := r.Cloud.GetAccount(ctx, 7)
		if errors.As(err, &cloud.EntityNotFound{}) {
			controllerutil.RemoveFinalizer(&t, bucketFinalizer)
			return ctrl.Result{}, r.Update(ctx, &t)
		}
		if err := r.finalize(ctx, &t); err != nil {
			return fail(err)
		}
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}

func (r *FreesSecret) finalize(ctx context.Context, t *Token) error {
	if err := r.Cloud.Delete(ctx, t.Name); err != nil {
		return err
	}
	secret := &TokenSecret{}
	controllerutil.RemoveFinalizer(secret, bucketFinalizer)
	return r.Update(ctx, secret)
}
