// Command cmd binds the SDK clients to the reconcilers, as main does.
package main

import (
	"net/http"
	"time"

	"example.com/httpx/controllers"
	"example.com/httpx/sdk"
)

func main() {
	_ = &controllers.BucketReconciler{Cloud: sdk.New("https://storage.example.com")} // want `\(\*http.Client\).Do can block the reconcile worker forever: the value bound to controllers.BucketReconciler.Cloud here leaves it unbounded \(http.Client without Timeout \(sdk/sdk.go:18\) and the reconcile ctx, which has no deadline\): \(\*controllers.BucketReconciler\).Reconcile \(controllers/controllers.go:29\) -> \(\*sdk.Client\).Get \(sdk/sdk.go:46\) -> \(\*http.Client\).Do; set Timeout`
	_ = &controllers.BucketReconciler{Cloud: sdk.NewWithTimeout("https://storage.example.com")}
	_ = &controllers.BucketReconciler{Cloud: sdk.NewPatched("https://storage.example.com")}
	_ = &controllers.BucketReconciler{Cloud: sdk.NewReplaced("https://storage.example.com")}

	r := &controllers.APIReconciler{}
	r.API = sdk.NewAPIClient(&sdk.Config{}) // want `the value bound to controllers.APIReconciler.API here leaves it unbounded \(http.DefaultClient \(sdk/sdk.go:65\) and the reconcile ctx, which has no deadline\)`
	r.API = sdk.NewAPIClient(&sdk.Config{HTTPClient: &http.Client{Timeout: 3 * time.Second}})

	// Through the constructor.
	_ = controllers.NewBucketReconciler(nil, sdk.New("https://storage.example.com")) // want `the value bound to controllers.BucketReconciler.Cloud here leaves it unbounded \(http.Client without Timeout \(sdk/sdk.go:18\) and the reconcile ctx, which has no deadline\)`
	_ = controllers.NewBucketReconciler(nil, sdk.NewWithTimeout("https://storage.example.com"))
}
