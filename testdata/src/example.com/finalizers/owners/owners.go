// Package owners has several reconcilers, only some of whose objects get a
// finalizer: a deletion branch counts only for an object type that keeps
// one, and only while the path has not shown the finalizer gone.
package owners

import (
	"context"
	"time"

	"example.com/finalizers/cleanup"
	"example.com/finalizers/results"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "example.com/owned"

// Plain never gets a finalizer; Owned does, from its own reconciler; Shared
// gets one from a helper of another package.
type (
	Plain  struct{ metav1.ObjectMeta }
	Owned  struct{ metav1.ObjectMeta }
	Shared struct{ metav1.ObjectMeta }
)

type base struct{ client.Client }

// Ignoring deleted objects of a type without a finalizer is right: there
// is nothing to wait for (emqx-operator's EMQX, cass-operator's
// CassandraTask).
type PlainReconciler struct{ base }

func (r *PlainReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var p Plain
	if p.DeletionTimestamp != nil {
		return ctrl.Result{}, nil // ignore deleted objects
	}
	return ctrl.Result{}, nil
}

// The same early return for a type that keeps a finalizer leaves it set.
type OwnedReconciler struct{ base }

func (r *OwnedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(removes=false; adds; returns at \(\*owners.OwnedReconciler\).Reconcile \(owners/owners.go:52\)\)`
	var o Owned
	if !controllerutil.ContainsFinalizer(&o, finalizer) {
		controllerutil.AddFinalizer(&o, finalizer) // set again below, whatever the test said
	}
	if o.DeletionTimestamp != nil {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter while finalizer "example.com/owned" is still set`
	}
	return ctrl.Result{}, r.Update(ctx, &o)
}

// The same, for a type that gets its finalizer from another package.
type SharedReconciler struct{ base }

func (r *SharedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var s Shared
	if !s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	cleanup.Ensure(&s)
	return ctrl.Result{}, r.Update(ctx, &s)
}

// The common shape: clean up while the finalizer is there, then return at
// once on deletion. The second return runs only once the finalizer is gone.
type ContainsThenDeleting struct{ base }

func (r *ContainsThenDeleting) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	if !o.DeletionTimestamp.IsZero() && controllerutil.ContainsFinalizer(&o, finalizer) {
		controllerutil.RemoveFinalizer(&o, finalizer)
		return ctrl.Result{}, r.Update(ctx, &o)
	}
	if !o.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil // the finalizer is gone
	}
	return ctrl.Result{}, nil
}

// Its twin tests something else than the finalizer in the first branch:
// the second return may leave it set.
type OtherThenDeleting struct {
	base
	Orphan bool
}

func (r *OtherThenDeleting) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	if !o.DeletionTimestamp.IsZero() && r.Orphan {
		controllerutil.RemoveFinalizer(&o, finalizer)
		return ctrl.Result{}, r.Update(ctx, &o)
	}
	if !o.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	return ctrl.Result{}, nil
}

// A helper's Result returned as it is where it requeues: none of the
// helper's other returns comes out there.
type StepRequeues struct{ base }

func (r *StepRequeues) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	if o.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(&o, finalizer) // this reconciler keeps the finalizer
		return ctrl.Result{}, r.Update(ctx, &o)
	}
	res, err := r.deleteStep(ctx, &o)
	if err != nil {
		return res, err
	}
	if res.RequeueAfter > 0 {
		return res, err
	}
	controllerutil.RemoveFinalizer(&o, finalizer)
	return ctrl.Result{}, r.Update(ctx, &o)
}

func (r *StepRequeues) deleteStep(ctx context.Context, o *Owned) (ctrl.Result, error) {
	if o.Name == "pending" {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	return ctrl.Result{}, nil // done: the caller removes the finalizer
}

// Its twin returns the helper's Result whatever it is.
type StepAnyway struct{ base }

func (r *StepAnyway) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	if o.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(&o, finalizer) // this reconciler keeps the finalizer
		return ctrl.Result{}, r.Update(ctx, &o)
	}
	res, err := r.deleteStep(ctx, &o)
	if err != nil || res.Requeue {
		return res, err
	}
	return res, err
}

func (r *StepAnyway) deleteStep(ctx context.Context, o *Owned) (ctrl.Result, error) {
	if o.Name == "pending" {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
}

// Helped gets its finalizer through a helper of the package that sees the
// object as a client.Object: the types its callers pass keep one, and no
// other (Plain stays silent above).
type Helped struct{ metav1.ObjectMeta }

func ensureFinalizer(ctx context.Context, c client.Client, o client.Object) error {
	if controllerutil.AddFinalizer(o, finalizer) {
		return c.Update(ctx, o)
	}
	return nil
}

type HelpedReconciler struct{ base }

func (r *HelpedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var h Helped
	if h.DeletionTimestamp != nil {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	return ctrl.Result{}, ensureFinalizer(ctx, r.Client, &h)
}

// A second reconciler of Owned, which keeps something beside the object and
// never adds, removes nor tests a finalizer: the deleted object is the
// concern of the reconciler that keeps the finalizer, and this one has
// nothing to wait for (kuberay's NetworkPolicyController of RayCluster).
type OwnedPolicies struct{ base }

func (r *OwnedPolicies) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	if o.DeletionTimestamp != nil {
		ctrl.LoggerFrom(ctx).Info("deleted: the owner cleans up")
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Update(ctx, &o)
}

// Two reconcilers of Owned that run their work as a list of steps, method
// values called through a func-valued field. The engine decides each call
// from the list: one list has a step that adds the finalizer, so its
// reconciler owns it; the other's steps never touch a finalizer (kuberay's
// mTLS controller of RayCluster), so ignoring deleted objects is right.
type step struct {
	run  func(context.Context, *Owned) error
	name string
}

type PhasedOwner struct{ base }

func (r *PhasedOwner) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	if o.DeletionTimestamp != nil {
		return ctrl.Result{}, nil // want `finalizer branch returns without RequeueAfter`
	}
	for _, s := range []step{{r.keepFinalizer, "finalizer"}, {r.configure, "config"}} {
		if err := s.run(ctx, &o); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *PhasedOwner) keepFinalizer(ctx context.Context, o *Owned) error {
	if controllerutil.AddFinalizer(o, finalizer) {
		return r.Update(ctx, o)
	}
	return nil
}

func (r *PhasedOwner) configure(ctx context.Context, o *Owned) error {
	return r.Status().Update(ctx, o)
}

type PhasedPolicies struct{ base }

func (r *PhasedPolicies) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var o Owned
	if o.DeletionTimestamp != nil {
		return ctrl.Result{}, nil // the owner cleans up
	}
	for _, s := range []step{{r.issuer, "issuer"}, {r.certificate, "certificate"}} {
		if err := s.run(ctx, &o); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *PhasedPolicies) issuer(ctx context.Context, o *Owned) error {
	return r.Status().Update(ctx, o)
}

func (r *PhasedPolicies) certificate(ctx context.Context, o *Owned) error {
	return r.Update(ctx, o)
}

// A second reconciler of Owned that returns through another package's
// result handler (k8gb's legacy Gslb reconciler): that the handler can
// return an empty Result says nothing of finalizers, so this reconciler
// owns none and ignoring deleted objects is right.
type OwnedLegacy struct{ base }

func (r *OwnedLegacy) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	result := results.New(30 * time.Second)
	var o Owned
	if o.DeletionTimestamp != nil {
		return result.Stop()
	}
	if err := r.Status().Update(ctx, &o); err != nil {
		return ctrl.Result{}, err
	}
	return result.Requeue()
}
