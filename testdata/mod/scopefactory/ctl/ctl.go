// Package ctl is the provider's controller: it builds the scope with the
// client its factory field makes, and runs the service on it.
package ctl

import (
	"context"

	"example.com/scopefactory/robot"
	"example.com/scopefactory/scope"
	"example.com/scopefactory/svc"
	ctrl "sigs.k8s.io/controller-runtime"
)

type MachineReconciler struct{ Factory robot.Factory }

func (r *MachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s, err := scope.NewMachineScope(scope.Params{Name: req.Name, RobotClient: r.Factory.NewClient("creds")})
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, svc.NewService(s).Reconcile(ctx)
}
