// Package ctl is the provider's controller: its factory builds the SDK
// client, without a Timeout for Machines and with one for TimedMachines.
package ctl

import (
	"context"
	"net/http"
	"time"

	"example.com/robotsdk"
	"example.com/scopes/scope"
	"example.com/scopes/svc"
	ctrl "sigs.k8s.io/controller-runtime"
)

// Factory makes the SDK client for the credentials of one reconcile.
type Factory interface {
	NewClient(creds string) robotsdk.RobotClient
}

type loggingTransport struct{ rt http.RoundTripper }

func (t *loggingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	return t.rt.RoundTrip(req)
}

type factory struct{}

// NewFactory makes clients whose http.Client has no Timeout.
func NewFactory() Factory { return &factory{} }

func (f *factory) NewClient(creds string) robotsdk.RobotClient {
	client := &http.Client{Transport: &loggingTransport{rt: http.DefaultTransport}} // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.NewRequest, which uses context.Background\(\) \(robotsdk/robot.go:30\) and http.Client without Timeout \(ctl/ctl.go:33\)\): \(\*ctl.MachineReconciler\).Reconcile \(ctl/ctl.go:55\) -> \(\*svc.Service\).Reconcile \(svc/svc.go:18\) -> \(\*svc.stateMachine\).ReconcileState \(svc/svc.go:47\) -> \(\*svc.stateMachine\).handlePreparing \(svc/svc.go:53\) -> \(\*svc.Service\).actionPreparing \(svc/svc.go:23\) -> \(\*robotsdk.Client\).ServerGetList`
	return robotsdk.NewBasicAuthClientWithCustomHttpClient(creds, client)
}

type timedFactory struct{}

// NewTimedFactory makes clients with a Timeout.
func NewTimedFactory() Factory { return &timedFactory{} }

func (f *timedFactory) NewClient(creds string) robotsdk.RobotClient {
	client := &http.Client{Timeout: 30 * time.Second}
	return robotsdk.NewBasicAuthClientWithCustomHttpClient(creds, client)
}

// MachineReconciler builds a scope and runs the service on it.
type MachineReconciler struct{ Factory Factory }

func (r *MachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s, err := scope.NewMachineScope(scope.Params{Name: req.Name, RobotClient: r.Factory.NewClient("creds")})
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, svc.NewService(s).Reconcile(ctx)
}
