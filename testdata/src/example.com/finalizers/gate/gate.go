// Package gate writes the gate helper some operators put before their
// finalizer branch: it returns a *ctrl.Result, and nil means "go on". A
// nil Result is no Result: the caller goes on to the branch that cleans up
// and removes the finalizer.
package gate

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "example.com/role"

type Role struct {
	metav1.ObjectMeta
	Primary bool
}

type base struct {
	client.Client
	drop func(ctx context.Context, name string) error
}

// Silent: while deleting, the gate hands back nil, and Reconcile goes on
// to the deletion branch.
type Gated struct{ base }

func (r *Gated) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`finalizer\(.*\)`
	var role Role
	if result, err := r.gate(&role); result != nil || err != nil {
		if result == nil {
			return ctrl.Result{}, err
		}
		return *result, err
	}
	if role.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(&role, finalizer)
		return ctrl.Result{}, nil
	}
	if err := r.drop(ctx, role.Name); err != nil {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(&role, finalizer)
	return ctrl.Result{}, nil
}

func (r *Gated) gate(role *Role) (*ctrl.Result, error) {
	if !role.DeletionTimestamp.IsZero() {
		return nil, nil
	}
	if !role.Primary {
		return &ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return nil, nil
}
