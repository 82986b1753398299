// Package entries has one entry point of each form the engine recognises.
package entries

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/finalizer"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// A Reconciler on a pointer receiver, returning ctrl.Result (an alias).
type PlainReconciler struct{}

func (r *PlainReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	time.Sleep(5 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 5s\): \(\*entries.PlainReconciler\).Reconcile \(entries/entries.go:\d+\) -> time.Sleep; return ctrl.Result\{RequeueAfter: ...\}`
	return ctrl.Result{}, nil
}

// A TypedReconciler over a custom request type, on a value receiver.
type Key struct{ ID string }

type TypedReconciler struct{}

func (TypedReconciler) Reconcile(ctx context.Context, key Key) (reconcile.Result, error) {
	time.Sleep(2 * time.Second) // want `\(entries.TypedReconciler\).Reconcile \(entries/entries.go:\d+\) -> time.Sleep`
	return reconcile.Result{}, nil
}

// An ObjectReconciler, used through reconcile.AsReconciler.
type Widget struct{ metav1.ObjectMeta }

type WidgetReconciler struct{}

func (r *WidgetReconciler) Reconcile(ctx context.Context, w *Widget) (reconcile.Result, error) {
	time.Sleep(3 * time.Second) // want `\(\*entries.WidgetReconciler\).Reconcile`
	return reconcile.Result{}, nil
}

var _ = reconcile.AsReconciler[*Widget](&WidgetReconciler{})

// A generic reconciler, instantiated per resource type.
type GenericReconciler[T client.Object] struct{ newObj func() T }

func (r *GenericReconciler[T]) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	r.settle()
	return reconcile.Result{}, nil
}

func (r *GenericReconciler[T]) settle() {
	time.Sleep(10 * time.Second) // want `\(\*entries.GenericReconciler\).Reconcile \(entries/entries.go:\d+\) -> \(\*entries.GenericReconciler\).settle \(entries/entries.go:\d+\) -> time.Sleep`
}

var _ = &GenericReconciler[*Widget]{}

// A reconcile.Func literal.
var literal = reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	time.Sleep(4 * time.Second) // want `entries.init\$1 \(entries/entries.go:\d+\) -> time.Sleep`
	return reconcile.Result{}, nil
})

// A named function converted to reconcile.TypedFunc.
func keyed(ctx context.Context, key Key) (reconcile.Result, error) {
	time.Sleep(6 * time.Second) // want `entries.keyed \(entries/entries.go:\d+\) -> time.Sleep`
	return reconcile.Result{}, nil
}

func Setup() reconcile.TypedReconciler[Key] { return reconcile.TypedFunc[Key](keyed) }

// A finalizer.Finalizer implementation.
type CloudFinalizer struct{}

func (CloudFinalizer) Finalize(ctx context.Context, obj client.Object) (finalizer.Result, error) {
	time.Sleep(7 * time.Second) // want `\(entries.CloudFinalizer\).Finalize \(entries/entries.go:\d+\) -> time.Sleep`
	return finalizer.Result{}, nil
}

// A client-go style worker, named by -blocking.entries in the test.
type Controller struct{}

func (c *Controller) syncHandler(ctx context.Context, key string) error {
	time.Sleep(8 * time.Second) // want `\(\*entries.Controller\).syncHandler \(entries/entries.go:\d+\) -> time.Sleep`
	return nil
}

// Not entry points: a Reconcile with another result type, and a helper no
// entry reaches.
type NotAReconciler struct{}

func (NotAReconciler) Reconcile(ctx context.Context, req reconcile.Request) error {
	time.Sleep(9 * time.Second)
	return nil
}

func unreached() { time.Sleep(time.Hour) }
