// Package waitbounds shows how the bounds of waits are found: phases held in
// a slice of structs, polls under a context with a deadline, and selects
// that a timer or a deadline guards.
package waitbounds

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Machine struct{ Name string }

// phase is one step of a reconcile, named for the logs.
type phase struct {
	Name      string
	Reconcile func(ctx context.Context, m *Machine) (reconcile.Result, error)
}

type PhasedReconciler struct{}

func (r *PhasedReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	m := &Machine{Name: req.Name}
	phases := []phase{
		{Name: "Spec", Reconcile: r.reconcileSpec},
		{Name: "Status", Reconcile: r.reconcileStatus},
		{Name: "Secret", Reconcile: r.reconcileSecret},
		{Name: "ConfigMap", Reconcile: r.reconcileConfigMap},
		{Name: "TLS", Reconcile: r.reconcileTLS},
		{Name: "RBAC", Reconcile: r.reconcileRBAC},
		{Name: "Storage", Reconcile: r.reconcileStorage},
		{Name: "Service", Reconcile: r.reconcileService},
		{Name: "Labels", Reconcile: r.reconcileLabels},
		{Name: "Pods", Reconcile: r.reconcilePods},
	}
	for _, p := range phases {
		if res, err := p.Reconcile(ctx, m); err != nil || res.RequeueAfter > 0 {
			return res, err
		}
	}
	return reconcile.Result{}, nil
}

func (r *PhasedReconciler) reconcileSpec(ctx context.Context, m *Machine) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

// The phases that do not wait: ten phases in all, as real operators list
// them.
func (r *PhasedReconciler) reconcileStatus(context.Context, *Machine) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *PhasedReconciler) reconcileSecret(context.Context, *Machine) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *PhasedReconciler) reconcileConfigMap(context.Context, *Machine) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *PhasedReconciler) reconcileTLS(context.Context, *Machine) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *PhasedReconciler) reconcileRBAC(context.Context, *Machine) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *PhasedReconciler) reconcileStorage(context.Context, *Machine) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *PhasedReconciler) reconcileService(context.Context, *Machine) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *PhasedReconciler) reconcileLabels(context.Context, *Machine) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *PhasedReconciler) reconcilePods(ctx context.Context, m *Machine) (reconcile.Result, error) {
	err := wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) { // want `wait.PollUntilContextTimeout blocks the reconcile worker \(polls every 1s for up to 1m0s\): \(\*waitbounds.PhasedReconciler\).Reconcile \(waitbounds/phases.go:39\) -> \(\*waitbounds.PhasedReconciler\).reconcilePods \(waitbounds/phases.go:85\) -> wait.PollUntilContextTimeout`
		return m.Name != "", nil
	})
	return reconcile.Result{}, err
}

// QuickPhasedReconciler is the corrected twin: its pods phase asks to be
// called again instead of polling.
type QuickPhasedReconciler struct{}

func (r *QuickPhasedReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	m := &Machine{Name: req.Name}
	phases := []phase{
		{Name: "Spec", Reconcile: r.reconcileSpec},
		{Name: "Pods", Reconcile: r.reconcilePods},
	}
	for _, p := range phases {
		if res, err := p.Reconcile(ctx, m); err != nil || res.RequeueAfter > 0 {
			return res, err
		}
	}
	return reconcile.Result{}, nil
}

func (r *QuickPhasedReconciler) reconcileSpec(ctx context.Context, m *Machine) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *QuickPhasedReconciler) reconcilePods(ctx context.Context, m *Machine) (reconcile.Result, error) {
	if m.Name == "" {
		return reconcile.Result{RequeueAfter: time.Second}, nil
	}
	return reconcile.Result{}, nil
}
