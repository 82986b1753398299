// Package loops has reconcilers that write their own object on every call
// with a value that changes, and their corrected twins.
package loops

import (
	"context"

	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

type Bucket struct {
	metav1.ObjectMeta
	Status BucketStatus
}

type BucketStatus struct {
	LastSync   metav1.Time
	Syncs      int
	Phase      string
	Conditions []metav1.Condition
}

// Stamp writes the time into its status on every reconcile.
type Stamp struct{ client.Client }

func (r *Stamp) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if err := r.Get(ctx, req.Name, &b); err != nil {
		return ctrl.Result{}, err
	}
	b.Status.LastSync = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &b) // want `Status\(\).Update writes \*loops.Bucket with metav1.Now\(\) \(loops/loops.go:36\), which changes on every call, and no predicate filters the watch event the write causes: each write triggers the next reconcile, so the worker never rests: \(\*loops.Stamp\).Reconcile \(loops/loops.go:37\) -> Status\(\).Update; write only when`
}

func (r *Stamp) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Bucket{}).Complete(r)
}

// Count increments a counter and updates the object.
type Count struct{ client.Client }

func (r *Count) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	if err := r.Get(ctx, req.Name, &b); err != nil {
		return ctrl.Result{}, err
	}
	b.Status.Syncs++
	if err := r.Update(ctx, &b); err != nil { // want `Update writes \*loops.Bucket with a counter`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *Count) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).Named("count").For(&Bucket{}).Owns(&Bucket{}).Complete(r)
}

// The twins: a predicate on For, an event filter, a guard by comparison,
// a changing value set only when the phase changes.
type Filtered struct{ client.Client }

func (r *Filtered) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	_ = r.Get(ctx, req.Name, &b)
	b.Status.LastSync = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &b)
}

func (r *Filtered) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Bucket{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

type EventFiltered struct{ client.Client }

func (r *EventFiltered) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	_ = r.Get(ctx, req.Name, &b)
	b.Status.Syncs++
	return ctrl.Result{}, r.Update(ctx, &b)
}

func (r *EventFiltered) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Bucket{}).WithEventFilter(predicate.GenerationChangedPredicate{}).Complete(r)
}

type Compared struct{ client.Client }

func (r *Compared) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	_ = r.Get(ctx, req.Name, &b)
	old := b.Status
	b.Status.LastSync = metav1.Now()
	if !equality.Semantic.DeepEqual(old.Phase, b.Status.Phase) {
		return ctrl.Result{}, r.Status().Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *Compared) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Bucket{}).Complete(r)
}

type OnChange struct{ client.Client }

func (r *OnChange) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	_ = r.Get(ctx, req.Name, &b)
	phase := "Ready"
	if b.Status.Phase != phase {
		b.Status.Phase = phase
		b.Status.LastSync = metav1.Now()
	}
	return ctrl.Result{}, r.Status().Update(ctx, &b)
}

func (r *OnChange) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Bucket{}).Complete(r)
}

// Missing stamps the time only when it had to create something: the write
// is on one side of a condition.
type Missing struct{ client.Client }

func (r *Missing) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b Bucket
	_ = r.Get(ctx, req.Name, &b)
	if r.podExists(ctx, req.Name) {
		return ctrl.Result{}, nil
	}
	b.Status.LastSync = metav1.Now()
	return ctrl.Result{}, r.Update(ctx, &b)
}

func (r *Missing) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Bucket{}).Complete(r)
}

func (r *Missing) podExists(ctx context.Context, name string) bool {
	return r.Get(ctx, name+"-pod", nil) == nil
}
