// Package phases runs its reconcile as a list of phases, cluster-api style:
// method values and func literals in a slice that a helper calls in turn.
package phases

import (
	"context"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Machine struct{ metav1.ObjectMeta }

type phaseFunc func(ctx context.Context, m *Machine) (ctrl.Result, error)

type MachineReconciler struct {
	Nodes interface {
		DeleteNode(ctx context.Context, name string) error
	}
}

func (r *MachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m Machine
	always := []phaseFunc{r.reconcileBootstrap}
	if !m.DeletionTimestamp.IsZero() {
		return runPhases(ctx, append(always, r.reconcileDelete), &m)
	}
	settle := func(ctx context.Context, m *Machine) (ctrl.Result, error) {
		time.Sleep(3 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 3s\): \(\*phases.MachineReconciler\).Reconcile \(phases/phases.go:35\) -> phases.runPhases \(phases/phases.go:41\) -> \(\*phases.MachineReconciler\).Reconcile\$1 \(phases/phases.go:32\) -> time.Sleep`
		return ctrl.Result{}, nil
	}
	return runPhases(ctx, append(always, r.reconcileNormal, settle), &m)
}

func runPhases(ctx context.Context, phases []phaseFunc, m *Machine) (ctrl.Result, error) {
	res := ctrl.Result{}
	for _, phase := range phases {
		pr, err := phase(ctx, m)
		if err != nil {
			return ctrl.Result{}, err
		}
		if pr.RequeueAfter > 0 {
			res = pr
		}
	}
	return res, nil
}

func (r *MachineReconciler) reconcileBootstrap(ctx context.Context, m *Machine) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *MachineReconciler) reconcileNormal(ctx context.Context, m *Machine) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// reconcileDelete waits for the node to go, in the worker.
func (r *MachineReconciler) reconcileDelete(ctx context.Context, m *Machine) (ctrl.Result, error) {
	err := wait.PollUntilContextTimeout(ctx, 2*time.Second, 10*time.Second, true, func(ctx context.Context) (bool, error) { // want `wait.PollUntilContextTimeout blocks the reconcile worker in the finalizer branch \(polls every 2s for up to 10s\): \(\*phases.MachineReconciler\).Reconcile \(phases/phases.go:29\) -> phases.runPhases \(phases/phases.go:41\) -> \(\*phases.MachineReconciler\).reconcileDelete \(phases/phases.go:62\) -> wait.PollUntilContextTimeout`
		return r.Nodes.DeleteNode(ctx, m.Name) == nil, nil
	})
	return ctrl.Result{}, err
}

// AsyncMachineReconciler is the corrected twin: its delete phase asks to be
// called again instead of waiting.
type AsyncMachineReconciler struct {
	MachineReconciler
}

func (r *AsyncMachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m Machine
	return runPhases(ctx, []phaseFunc{r.reconcileBootstrap, r.deleteAsync}, &m)
}

func (r *AsyncMachineReconciler) deleteAsync(ctx context.Context, m *Machine) (ctrl.Result, error) {
	if err := r.Nodes.DeleteNode(ctx, m.Name); err != nil {
		return ctrl.Result{RequeueAfter: 2 * time.Second}, nil
	}
	return ctrl.Result{}, nil
}

// WrappedReconciler wraps each phase to annotate its errors, as cluster-api
// does: the phase list holds the closures the wrapper returns.
type WrappedReconciler struct {
	MachineReconciler
}

func wrapErr(f phaseFunc, msg string) phaseFunc {
	return func(ctx context.Context, m *Machine) (ctrl.Result, error) {
		res, err := f(ctx, m)
		if err != nil {
			return res, fmt.Errorf("%s: %w", msg, err)
		}
		return res, nil
	}
}

func (r *WrappedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m Machine
	return runPhases(ctx, []phaseFunc{
		wrapErr(r.waitForCache, "cache"),
		wrapErr(r.reconcileBootstrap, "bootstrap"),
	}, &m)
}

func (r *WrappedReconciler) waitForCache(ctx context.Context, m *Machine) (ctrl.Result, error) {
	return ctrl.Result{}, r.pollCache(ctx)
}

// pollCache is one call further: the phase's summary is complete only once
// the package's call graph is solved.
func (r *WrappedReconciler) pollCache(ctx context.Context) error {
	return wait.PollUntilContextTimeout(ctx, 100*time.Millisecond, 10*time.Second, true, func(ctx context.Context) (bool, error) { // want `wait.PollUntilContextTimeout blocks the reconcile worker \(polls every 100ms for up to 10s\): \(\*phases.WrappedReconciler\).Reconcile \(phases/phases.go:104\) -> phases.runPhases \(phases/phases.go:41\) -> phases.wrapErr\$1 \(phases/phases.go:94\) -> \(\*phases.WrappedReconciler\).waitForCache \(phases/phases.go:111\) -> \(\*phases.WrappedReconciler\).pollCache \(phases/phases.go:117\) -> wait.PollUntilContextTimeout`
		return true, nil
	})
}
