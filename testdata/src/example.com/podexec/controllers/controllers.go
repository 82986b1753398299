package controllers

import (
	"bytes"
	"context"
	"io"
	"time"

	"example.com/podexec/runtime"
	"example.com/podexec/tracing"
	ctrl "sigs.k8s.io/controller-runtime"
)

// Reported: the command runs under the reconcile ctx, which has no
// deadline, through the function main binds.
type Reconciler struct {
	PodExec runtime.Executor
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `\(\*exec.Cmd\).Run can block the reconcile worker forever: the value bound to controllers.Reconciler.PodExec at cmd/main.go:14 leaves it unbounded \(the reconcile ctx, which has no deadline\): \(\*controllers.Reconciler\).Reconcile \(controllers/controllers.go:21\) -> runtime.NewExecutor\$1 \(runtime/runtime.go:22\) -> \(\*exec.Cmd\).Run`
	return ctrl.Result{}, r.PodExec(ctx, req.Name, nil, "psql", "-c", "select 1")
}

// Silent: the same command under a ctx bounded to a minute.
type Bounded struct {
	PodExec runtime.Executor
}

func (r *Bounded) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return ctrl.Result{}, r.PodExec(ctx, req.Name, nil, "psql", "-c", "select 1")
}

// Reported: the same, bound where the package adds the reconciler to the
// manager rather than in main.
type Managed struct {
	PodExec runtime.Executor
}

func (r *Managed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `\(\*exec.Cmd\).Run can block the reconcile worker forever: the value bound to controllers.Managed.PodExec at controllers/controllers.go:48 leaves it unbounded \(the reconcile ctx, which has no deadline\): \(\*controllers.Managed\).Reconcile \(controllers/controllers.go:42\) -> runtime.NewExecutor\$1 \(runtime/runtime.go:22\) -> \(\*exec.Cmd\).Run`
	return ctrl.Result{}, r.PodExec(ctx, req.Name, nil, "psql", "-c", "select 1")
}

// ManagedReconciler makes the reconciler with its executor.
func ManagedReconciler(server string) (*Managed, error) {
	exec, err := runtime.NewExecutor(server)
	return &Managed{PodExec: exec}, err
}

// Reported: the reconcile ctx still has no deadline once a span is
// started on it.
type Traced struct {
	PodExec runtime.Executor
}

func (r *Traced) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `\(\*exec.Cmd\).Run can block the reconcile worker forever: the value bound to controllers.Traced.PodExec at controllers/controllers.go:66 leaves it unbounded \(the reconcile ctx, which has no deadline\): \(\*controllers.Traced\).Reconcile \(controllers/controllers.go:60\) -> runtime.NewExecutor\$1 \(runtime/runtime.go:22\) -> \(\*exec.Cmd\).Run`
	ctx, span := tracing.Start(ctx, "reconcile")
	defer span.End()
	return ctrl.Result{}, r.PodExec(ctx, req.Name, nil, "psql", "-c", "select 1")
}

// TracedReconciler makes the reconciler with its executor.
func TracedReconciler(server string) (*Traced, error) {
	exec, err := runtime.NewExecutor(server)
	return &Traced{PodExec: exec}, err
}

// Cluster is the object a typed reconciler is given.
type Cluster struct{ Name string }

// Reported: a typed reconciler (reconcile.ObjectReconciler) under the
// reconcile ctx.
type Typed struct {
	PodExec func(ctx context.Context, pod string, stdout io.Writer, command ...string) error
}

func (r *Typed) Reconcile(ctx context.Context, cluster *Cluster) (ctrl.Result, error) { // want `\(\*exec.Cmd\).Run can block the reconcile worker forever: the value bound to controllers.Typed.PodExec at controllers/controllers.go:92 leaves it unbounded \(the reconcile ctx, which has no deadline\): \(\*controllers.Typed\).Reconcile \(controllers/controllers.go:81\) -> \(\*controllers.Typed\).walVolume \(controllers/controllers.go:86\) -> runtime.NewExecutor\$1 \(runtime/runtime.go:22\) -> \(\*exec.Cmd\).Run`
	ctx, span := tracing.Start(ctx, "reconcile")
	defer span.End()
	return ctrl.Result{}, r.walVolume(ctx, cluster)
}

func (r *Typed) walVolume(ctx context.Context, cluster *Cluster) error {
	var stdout bytes.Buffer
	return r.PodExec(ctx, cluster.Name, &stdout, "bash", "-c", "realpath pg_wal")
}

// TypedReconciler makes the reconciler with its executor.
func TypedReconciler(server string) (*Typed, error) {
	exec, err := runtime.NewExecutor(server)
	return &Typed{PodExec: exec}, err
}

// Reported: the ctx a span is started on is also captured by a deferred
// closure, so it lives in a variable that holds the reconcile ctx and then
// the span's ctx, which is made from it: no deadline either way.
type Captured struct {
	PodExec runtime.Executor
}

func (r *Captured) Reconcile(ctx context.Context, cluster *Cluster) (result ctrl.Result, err error) { // want `\(\*exec.Cmd\).Run can block the reconcile worker forever: the value bound to controllers.Captured.PodExec at controllers/controllers.go:116 leaves it unbounded \(the reconcile ctx, which has no deadline\): \(\*controllers.Captured\).Reconcile \(controllers/controllers.go:109\) -> runtime.NewExecutor\$1 \(runtime/runtime.go:22\) -> \(\*exec.Cmd\).Run`
	ctx, span := tracing.Start(ctx, "reconcile")
	defer func() {
		if err != nil && ctx.Err() == nil {
			span.End()
		}
	}()
	err = r.PodExec(ctx, cluster.Name, nil, "psql", "-c", "select 1")
	return result, err
}

// CapturedReconciler makes the reconciler with its executor.
func CapturedReconciler(server string) (*Captured, error) {
	exec, err := runtime.NewExecutor(server)
	return &Captured{PodExec: exec}, err
}
