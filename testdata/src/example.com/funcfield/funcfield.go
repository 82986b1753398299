// Package funcfield hands a shared finalizer handler, in another package,
// the function that deletes its external resource: a method value, or a
// closure a method returns. The handler stores it in a field and calls it
// from its deletion branch; the constructor's fact says the field is its
// parameter, so the call resolves here.
package funcfield

import (
	"context"
	"os/exec"
	"time"

	"example.com/funcfield/finalizer"
	ctrl "sigs.k8s.io/controller-runtime"
)

type authKey struct{}

// Reported: the delete function runs its command under a ctx made from
// context.Background(), with no deadline.
type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	auth := context.WithValue(context.Background(), authKey{}, req.Name) // want `\(\*exec.Cmd\).Run can block the reconcile worker forever: nothing bounds it \(context.Background\(\) \(funcfield/funcfield.go:24\)\): \(\*funcfield.Reconciler\).Reconcile \(funcfield/funcfield.go:26\) -> \(\*finalizer.Finalizer\).Handle \(finalizer/finalizer.go:25\) -> \(\*funcfield.Reconciler\).deleteResource\$1 \(funcfield/funcfield.go:31\)`
	final := finalizer.New(r.deleteResource(auth))
	return final.Handle(ctx, req.Name)
}

func (r *Reconciler) deleteResource(auth context.Context) finalizer.DeleteFunc {
	return func(ctx context.Context, id string) error {
		return exec.CommandContext(auth, "cloud", "delete", id).Run()
	}
}

// Silent: the same, with a deadline on the ctx the command runs under.
type Bounded struct{}

func (r *Bounded) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	auth := context.WithValue(context.Background(), authKey{}, req.Name)
	final := finalizer.New(r.deleteResource(auth))
	return final.Handle(ctx, req.Name)
}

func (r *Bounded) deleteResource(auth context.Context) finalizer.DeleteFunc {
	return func(ctx context.Context, id string) error {
		ctx, cancel := context.WithTimeout(auth, 30*time.Second)
		defer cancel()
		return exec.CommandContext(ctx, "cloud", "delete", id).Run()
	}
}

// Reported: a method value, under the reconcile ctx the handler passes on.
type MethodValue struct{}

func (r *MethodValue) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `\(\*exec.Cmd\).Run can block the reconcile worker forever: nothing bounds it \(the reconcile ctx, which has no deadline\): \(\*funcfield.MethodValue\).Reconcile \(funcfield/funcfield.go:57\) -> \(\*finalizer.Finalizer\).Handle \(finalizer/finalizer.go:25\) -> \(\*funcfield.MethodValue\).deleteNow \(funcfield/funcfield.go:61\)`
	final := finalizer.New(r.deleteNow)
	return final.Handle(ctx, req.Name)
}

func (r *MethodValue) deleteNow(ctx context.Context, id string) error {
	return exec.CommandContext(ctx, "cloud", "delete", id).Run()
}
