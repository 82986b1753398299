// Package styles writes finalizer branches the way operators usually do:
// behind defer cancel() and a deferred status patch, with named results and
// bare returns, and with finalizer tests written by hand. Each reported
// shape has its corrected twin beside it.
package styles

import (
	"context"
	"errors"
	"slices"
	"time"

	"example.com/finalizers/util"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "example.com/cleanup"

type Bucket struct{ metav1.ObjectMeta }

type Cloud interface {
	Delete(ctx context.Context, name string) (done bool, err error)
}

type base struct {
	client.Client
	Cloud Cloud
}

// defer cancel(): the function returns through result slots.
type Cancel struct{ base }

func (r *Cancel) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	var b Bucket
	if !b.DeletionTimestamp.IsZero() {
		done, err := r.Cloud.Delete(ctx, b.Name)
		if err != nil {
			return ctrl.Result{}, err
		}
		if !done {
			return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter while finalizer "example.com/cleanup" is still set`
		}
		controllerutil.RemoveFinalizer(&b, finalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

type CancelFixed struct{ base }

func (r *CancelFixed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	var b Bucket
	if !b.DeletionTimestamp.IsZero() {
		if done, err := r.Cloud.Delete(ctx, b.Name); err != nil || !done {
			return ctrl.Result{RequeueAfter: 10 * time.Second}, err
		}
		controllerutil.RemoveFinalizer(&b, finalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

// cluster-api's style: named results and a deferred patch that may turn the
// error into one, and the deletion in a helper.
type Patching struct{ base }

func (r *Patching) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, reterr error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	defer func() {
		if err := r.Update(ctx, &b); err != nil {
			reterr = errors.Join(reterr, err)
		}
	}()
	if !b.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *Patching) reconcileDelete(ctx context.Context, b *Bucket) (ctrl.Result, error) {
	done, err := r.Cloud.Delete(ctx, b.Name)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !done {
		return ctrl.Result{}, err // want `is still set, .*: \(\*styles.Patching\).Reconcile \(styles/styles.go:84\) -> \(\*styles.Patching\).reconcileDelete \(styles/styles.go:95\)`
	}
	controllerutil.RemoveFinalizer(b, finalizer)
	return ctrl.Result{}, nil
}

type PatchingFixed struct{ base }

func (r *PatchingFixed) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, reterr error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	defer func() {
		if err := r.Update(ctx, &b); err != nil {
			reterr = errors.Join(reterr, err)
		}
	}()
	if !b.DeletionTimestamp.IsZero() {
		if done, err := r.Cloud.Delete(ctx, b.Name); err != nil || !done {
			return ctrl.Result{RequeueAfter: 5 * time.Second}, err
		}
		controllerutil.RemoveFinalizer(&b, finalizer)
	}
	return ctrl.Result{}, nil
}

// Named results and a bare return.
type Bare struct{ base }

func (r *Bare) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if b.GetDeletionTimestamp() == nil {
		return
	}
	var done bool
	if done, err = r.Cloud.Delete(ctx, b.Name); err != nil {
		return
	}
	if !done {
		return // want `finalizer branch returns without RequeueAfter`
	}
	controllerutil.RemoveFinalizer(&b, finalizer)
	err = r.Update(ctx, &b)
	return
}

type BareFixed struct{ base }

func (r *BareFixed) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if b.GetDeletionTimestamp() == nil {
		return
	}
	var done bool
	if done, err = r.Cloud.Delete(ctx, b.Name); err != nil {
		return
	}
	if !done {
		res = ctrl.Result{RequeueAfter: 10 * time.Second}
		return
	}
	controllerutil.RemoveFinalizer(&b, finalizer)
	err = r.Update(ctx, &b)
	return
}

// Finalizer tests written by hand: a loop, a helper, a set. Each first
// return is on the edge where the finalizer is absent (not reported); the
// second leaves it set (reported).
type Loop struct{ base }

func (r *Loop) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if b.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	found := false
	for _, f := range b.GetFinalizers() {
		if f == finalizer {
			found = true
			break
		}
	}
	if !found {
		return ctrl.Result{}, nil
	}
	if done, _ := r.Cloud.Delete(ctx, b.Name); !done {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	controllerutil.RemoveFinalizer(&b, finalizer)
	return ctrl.Result{}, r.Update(ctx, &b)
}

type Helper struct{ base }

func (r *Helper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if b.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if !hasFinalizer(&b, finalizer) {
		return ctrl.Result{}, nil
	}
	if done, _ := r.Cloud.Delete(ctx, b.Name); !done {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	b.SetFinalizers(removeString(b.GetFinalizers(), finalizer))
	return ctrl.Result{}, r.Update(ctx, &b)
}

func hasFinalizer(o client.Object, name string) bool {
	for _, f := range o.GetFinalizers() {
		if f == name {
			return true
		}
	}
	return false
}

// The kubebuilder v2 scaffold's helpers.
func containsString(slice []string, s string) bool {
	for _, item := range slice {
		if item == s {
			return true
		}
	}
	return false
}

func removeString(slice []string, s string) (result []string) {
	for _, item := range slice {
		if item == s {
			continue
		}
		result = append(result, item)
	}
	return
}

type Scaffold struct{ base }

func (r *Scaffold) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if b.ObjectMeta.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if containsString(b.ObjectMeta.Finalizers, finalizer) {
		if done, _ := r.Cloud.Delete(ctx, b.Name); !done {
			return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
		}
		b.ObjectMeta.Finalizers = removeString(b.ObjectMeta.Finalizers, finalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

type Set struct{ base }

func (r *Set) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if b.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if !sets.New(b.Finalizers...).Has(finalizer) {
		return ctrl.Result{}, nil
	}
	if done, _ := r.Cloud.Delete(ctx, b.Name); !done {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	controllerutil.RemoveFinalizer(&b, finalizer)
	return ctrl.Result{}, r.Update(ctx, &b)
}

// SetFinalizers with a list that still holds the finalizer is no removal.
type Keeps struct{ base }

func (r *Keeps) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if b.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	b.SetFinalizers(append(b.GetFinalizers(), "example.com/audit"))
	if done, _ := r.Cloud.Delete(ctx, b.Name); !done {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	b.SetFinalizers(slices.DeleteFunc(b.GetFinalizers(), func(f string) bool { return f == finalizer }))
	return ctrl.Result{}, r.Update(ctx, &b)
}

// Presence helpers kept in another package.
type UtilHelper struct{ base }

func (r *UtilHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if b.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if !util.ContainsString(b.GetFinalizers(), finalizer) {
		return ctrl.Result{}, nil // the finalizer is gone: nothing to wait for
	}
	if done, _ := r.Cloud.Delete(ctx, b.Name); !done {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	b.Finalizers = util.RemoveString(b.Finalizers, finalizer)
	return ctrl.Result{}, r.Update(ctx, &b)
}

type GenericHelper struct{ base }

func (r *GenericHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if b.DeletionTimestamp.IsZero() || !util.Contains(b.Finalizers, finalizer) {
		return ctrl.Result{}, nil
	}
	if done, err := r.Cloud.Delete(ctx, b.Name); err != nil || !done {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, err
	}
	b.Finalizers = util.RemoveString(b.Finalizers, finalizer)
	return ctrl.Result{}, r.Update(ctx, &b)
}

// A bool helper that tests something else is no presence test.
type NotAPresenceTest struct{ base }

func (r *NotAPresenceTest) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if b.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if !util.AnyEmpty(b.Finalizers, finalizer) {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	controllerutil.RemoveFinalizer(&b, finalizer)
	return ctrl.Result{}, r.Update(ctx, &b)
}

// Phases run one after the other; the Result is the lowest any phase asks
// for, starting from the zero Result: what the phases return decides.
type Phases struct{ base }

type phase func(ctx context.Context, b *Bucket) (ctrl.Result, error)

func (r *Phases) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if b.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return runPhases(ctx, []phase{r.deleteExternal, r.removeFinalizer}, &b)
}

func runPhases(ctx context.Context, phases []phase, b *Bucket) (ctrl.Result, error) {
	res := ctrl.Result{}
	for _, p := range phases {
		pr, err := p(ctx, b)
		if err != nil {
			return ctrl.Result{}, err
		}
		res = lowest(res, pr)
	}
	return res, nil
}

func lowest(a, b ctrl.Result) ctrl.Result {
	if a.RequeueAfter == 0 || b.RequeueAfter != 0 && b.RequeueAfter < a.RequeueAfter {
		return b
	}
	return a
}

func (r *Phases) deleteExternal(ctx context.Context, b *Bucket) (ctrl.Result, error) {
	if done, err := r.Cloud.Delete(ctx, b.Name); err != nil || !done {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, err
	}
	return ctrl.Result{}, nil
}

func (r *Phases) removeFinalizer(ctx context.Context, b *Bucket) (ctrl.Result, error) {
	controllerutil.RemoveFinalizer(b, finalizer)
	return ctrl.Result{}, r.Update(ctx, b)
}

// The finalizer removed inside a retry helper's closure
// (retry.RetryOnConflict(retry.DefaultRetry, func() error { ...;
// controllerutil.RemoveFinalizer(&b, f); return r.Update(ctx, &b) })): the
// helper runs the closure, so the return after it no longer holds the
// finalizer. Its twin's closure only updates the status.
type RetryRemove struct{ base }

func (r *RetryRemove) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if !b.DeletionTimestamp.IsZero() {
		if controllerutil.ContainsFinalizer(&b, finalizer) {
			if _, err := r.Cloud.Delete(ctx, b.Name); err != nil {
				return ctrl.Result{}, err
			}
			err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
				controllerutil.RemoveFinalizer(&b, finalizer)
				return r.Update(ctx, &b)
			})
			if err != nil {
				return ctrl.Result{}, err
			}
		}
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

type RetryStatusOnly struct{ base }

func (r *RetryStatusOnly) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var b Bucket
	if !b.DeletionTimestamp.IsZero() {
		if controllerutil.ContainsFinalizer(&b, finalizer) {
			if _, err := r.Cloud.Delete(ctx, b.Name); err != nil {
				return ctrl.Result{}, err
			}
			err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
				return r.Status().Update(ctx, &b)
			})
			if err != nil {
				return ctrl.Result{}, err
			}
		}
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter while finalizer "example.com/cleanup" is still set`
	}
	return ctrl.Result{}, nil
}
