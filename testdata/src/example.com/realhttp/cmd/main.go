// Command cmd binds the clients, as an operator's main does.
package main

import (
	"net/http"
	"time"

	"example.com/realhttp/controllers"
)

func main() {
	_ = &controllers.PollReconciler{HTTP: &http.Client{}} // want `\(\*http.Client\).Get can block the reconcile worker forever: the value bound to controllers.PollReconciler.HTTP here leaves it unbounded`
	_ = &controllers.PollReconciler{HTTP: &http.Client{Timeout: 5 * time.Second}}
	_ = &controllers.RetryReconciler{HTTP: http.DefaultClient} // want `\(\*http.Client\).Do can block the reconcile worker forever: the value bound to controllers.RetryReconciler.HTTP here`
	_ = &controllers.RetryReconciler{HTTP: &http.Client{Timeout: 5 * time.Second}}
	_ = &controllers.LocalReconciler{HTTP: &http.Client{}} // want `the value bound to controllers.LocalReconciler.HTTP here`
	_ = &controllers.LocalReconciler{HTTP: &http.Client{Timeout: 5 * time.Second}}
	_ = &controllers.CtxReconciler{HTTP: &http.Client{}} // want `the value bound to controllers.CtxReconciler.HTTP here leaves it unbounded \(http.Client without Timeout \(cmd/main.go:18\) and context.Background\(\)`
	_ = &controllers.CtxReconciler{HTTP: &http.Client{Timeout: 5 * time.Second}}
}
