// Package reported sends requests through go-retryablehttp: the request is
// the client's HTTPClient's and its ctx's to bound. Its retries are the
// client's configuration and are not reported.
package reported

import (
	"context"
	"net/http"
	"time"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	// NewClient's HTTPClient has no Timeout, and the reconcile ctx no
	// deadline; Get uses context.Background().
	// One finding where the client is made, the fix site for both calls.
	c := retryablehttp.NewClient() // want `\(\*retryablehttp.Client\).Do can block the reconcile worker forever: nothing bounds it \(http.Client without Timeout .*in what retryablehttp.NewClient returns .* and the reconcile ctx, which has no deadline\).*\(and 1 other blocking call through the same value\)`
	rq, _ := retryablehttp.NewRequestWithContext(ctx, "GET", "https://api.example.com", nil)
	_, _ = c.Do(rq)
	_, _ = c.Get("https://api.example.com")

	// Twins: a client with a Timeout, and a request whose ctx has a deadline.
	bounded := &retryablehttp.Client{HTTPClient: &http.Client{Timeout: 10 * time.Second}}
	_, _ = bounded.Do(rq)
	_, _ = bounded.Get("https://api.example.com")
	tctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	trq, _ := retryablehttp.NewRequestWithContext(tctx, "GET", "https://api.example.com", nil)
	_, _ = c.Do(trq)
	return reconcile.Result{}, nil
}
