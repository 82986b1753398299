// Command cmd binds the clients, as an operator's main does.
package main

import (
	"net/http"
	"time"

	"example.com/realhttp/cloudsdk"
	"example.com/realhttp/controllers"
)

func main() {
	_ = &controllers.PollReconciler{HTTP: &http.Client{}} // want `\(\*http.Client\).Get can block the reconcile worker forever: the value bound to controllers.PollReconciler.HTTP here leaves it unbounded`
	_ = &controllers.PollReconciler{HTTP: &http.Client{Timeout: 5 * time.Second}}
	_ = &controllers.RetryReconciler{HTTP: http.DefaultClient} // want `\(\*http.Client\).Do can block the reconcile worker forever: the value bound to controllers.RetryReconciler.HTTP here`
	_ = &controllers.RetryReconciler{HTTP: &http.Client{Timeout: 5 * time.Second}}
	_ = &controllers.LocalReconciler{HTTP: &http.Client{}} // want `the value bound to controllers.LocalReconciler.HTTP here`
	_ = &controllers.LocalReconciler{HTTP: &http.Client{Timeout: 5 * time.Second}}
	_ = &controllers.CtxReconciler{HTTP: &http.Client{}} // want `the value bound to controllers.CtxReconciler.HTTP here leaves it unbounded \(http.Client without Timeout \(cmd/main.go:19\) and context.Background\(\)`
	_ = &controllers.CtxReconciler{HTTP: &http.Client{Timeout: 5 * time.Second}}
}

// Interfaces, constructors and factories bound here.
func bindInjected() {
	_ = &controllers.InterfaceReconciler{Cloud: cloudsdk.New("https://api.example.com")} // want `\(\*http.Client\).Do can block the reconcile worker forever: the value bound to controllers.InterfaceReconciler.Cloud here leaves it unbounded \(http.Client without Timeout \(cloudsdk/cloudsdk.go:17\) and the reconcile ctx, which has no deadline\): \(\*controllers.InterfaceReconciler\).Reconcile \(controllers/injected.go:25\) -> \(\*controllers.InterfaceReconciler\).cleanup \(controllers/injected.go:30\) -> \(\*cloudsdk.Client\).DeleteBucket \(cloudsdk/cloudsdk.go:45\) -> \(\*http.Client\).Do`
	_ = &controllers.InterfaceReconciler{Cloud: cloudsdk.NewWithTimeout("https://api.example.com")}
	_ = controllers.NewInterfaceReconciler(cloudsdk.New("https://api.example.com")) // want `the value bound to controllers.InterfaceReconciler.Cloud here leaves it unbounded \(http.Client without Timeout \(cloudsdk/cloudsdk.go:17\)`
	_ = controllers.NewInterfaceReconciler(cloudsdk.NewWithTimeout("https://api.example.com"))
	_ = &controllers.InterfaceReconciler{Cloud: cloudsdk.NewWithOptions("https://api.example.com")} // want `the value bound to controllers.InterfaceReconciler.Cloud here leaves it unbounded \(http.DefaultClient \(cloudsdk/cloudsdk.go:35\) and the reconcile ctx`
	_ = &controllers.InterfaceReconciler{Cloud: cloudsdk.NewWithOptions("https://api.example.com", cloudsdk.WithHTTPClient(&http.Client{Timeout: time.Second}))}
	_ = &controllers.FactoryReconciler{Delete: cloudsdk.DeleteWithDefault} // want `the value bound to controllers.FactoryReconciler.Delete here leaves it unbounded \(http.DefaultClient \(cloudsdk/cloudsdk.go:58\) and the reconcile ctx, which has no deadline\): \(\*controllers.FactoryReconciler\).Reconcile \(controllers/injected.go:39\) -> cloudsdk.DeleteWithDefault`
	_ = &controllers.FactoryReconciler{Delete: cloudsdk.DeleteBounded}
}
