// Package robot wraps the SDK for the provider, as cluster-api providers
// do: an interface of the operations it uses, and a factory, bound in
// main, whose NewClient builds the SDK client for one reconcile's
// credentials. NewFactory's clients have no Timeout; NewTimedFactory's do.
package robot

import (
	"net/http"
	"time"

	"example.com/robotsdk"
)

type Client interface {
	ListServers() error
}

type Factory interface {
	NewClient(creds string) Client
}

type loggingTransport struct{ rt http.RoundTripper }

func (t *loggingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	return t.rt.RoundTrip(req)
}

type factory struct{}

func NewFactory() Factory { return &factory{} }

func (f *factory) NewClient(creds string) Client {
	client := &http.Client{Transport: &loggingTransport{rt: http.DefaultTransport}} // want `\(\*http.Client\).Do can block the reconcile worker forever: the value bound to ctl.MachineReconciler.Factory at cmd/main.go:11 leaves it unbounded \(http.NewRequest, which uses context.Background\(\) \(robotsdk/robot.go:30\) and http.Client without Timeout \(robot/robot.go:33\)\): \(\*ctl.MachineReconciler\).Reconcile \(ctl/ctl.go:21\) -> \(\*svc.Service\).Reconcile`
	return &realClient{client: robotsdk.NewBasicAuthClientWithCustomHttpClient(creds, client)}
}

type timedFactory struct{}

func NewTimedFactory() Factory { return &timedFactory{} }

func (f *timedFactory) NewClient(creds string) Client {
	client := &http.Client{Timeout: 30 * time.Second}
	return &realClient{client: robotsdk.NewBasicAuthClientWithCustomHttpClient(creds, client)}
}

type realClient struct{ client robotsdk.RobotClient }

func (c *realClient) ListServers() error {
	_, err := c.client.ServerGetList()
	return err
}
