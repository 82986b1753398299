package phases

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// namedPhase is a phase with a name, as operators list them:
// []namedPhase{{name: "Finalizer", reconcile: r.finalize}, ...} run in a
// loop. Each phase's function is filled field by field in the literal.
type namedPhase struct {
	name      string
	reconcile func(ctx context.Context, m *Machine) (ctrl.Result, error)
}

type ClusterReconciler struct{}

func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m Machine
	phases := []namedPhase{
		{name: "Spec", reconcile: r.spec},
		{name: "Secret", reconcile: r.spec},
		{name: "Service", reconcile: r.spec},
		{name: "StatefulSet", reconcile: r.spec},
		{name: "PDB", reconcile: r.spec},
		{name: "Config", reconcile: r.spec},
		{name: "Status", reconcile: r.spec},
		{name: "TLS", reconcile: r.spec},
		{name: "Ready", reconcile: r.waitReady},
	}
	for _, p := range phases {
		if res, err := p.reconcile(ctx, &m); err != nil || !res.IsZero() {
			return res, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *ClusterReconciler) spec(ctx context.Context, m *Machine) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *ClusterReconciler) waitReady(ctx context.Context, m *Machine) (ctrl.Result, error) {
	time.Sleep(10 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 10s\): \(\*phases.ClusterReconciler\).Reconcile \(phases/named.go:34\) -> \(\*phases.ClusterReconciler\).waitReady \(phases/named.go:46\) -> time.Sleep`
	return ctrl.Result{}, nil
}

// The corrected twin: the same list whose last phase requeues instead.
type RequeueingReconciler struct{}

func (r *RequeueingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m Machine
	phases := []namedPhase{
		{name: "Spec", reconcile: r.spec},
		{name: "Ready", reconcile: r.checkReady},
	}
	for _, p := range phases {
		if res, err := p.reconcile(ctx, &m); err != nil || !res.IsZero() {
			return res, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *RequeueingReconciler) spec(ctx context.Context, m *Machine) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *RequeueingReconciler) checkReady(ctx context.Context, m *Machine) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
}
