// Package silent sends through a go-retryablehttp client with a Timeout
// under the reconcile ctx: the client's retry waits, which its Do would
// reach, are not the operator's to report.
package silent

import (
	"context"
	"net/http"
	"time"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	c := &retryablehttp.Client{HTTPClient: &http.Client{Timeout: 10 * time.Second}, RetryWaitMax: time.Minute, RetryMax: 10}
	rq, _ := retryablehttp.NewRequestWithContext(ctx, "GET", "https://api.example.com", nil)
	_, _ = c.Do(rq)
	return reconcile.Result{}, nil
}
