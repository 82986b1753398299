// Package sdkctor builds a dependency's SDK client without a timeout
// option: the finding sits at the constructor call, where the fix goes,
// and counts the requests sent through the client.
package sdkctor

import (
	"context"
	"time"

	"example.com/cloudsdk"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{ Token string }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := cloudsdk.New(r.Token) // want `\(\*http.Client\).Do can block the reconcile worker forever: nothing bounds it \(.*http.Client without Timeout \(cloudsdk/cloudsdk.go:23\), in what cloudsdk.New returns \(sdkctor/sdkctor.go:17\)\): .*\(and 1 other blocking call through the same value\)`
	if err := c.DeleteBucket(req.Name); err != nil {
		return ctrl.Result{}, err
	}
	if err := c.DeleteBucket(req.Name + "-logs"); err != nil {
		return ctrl.Result{}, err
	}
	// The corrected twin: the constructor that takes a timeout.
	bounded := cloudsdk.NewWithTimeout(r.Token, 30*time.Second)
	return ctrl.Result{}, bounded.DeleteBucket(req.Name)
}
