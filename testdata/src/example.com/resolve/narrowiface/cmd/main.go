// Command cmd holds the client as the wide interface and binds it to the
// reconciler's narrower field: the value changes interface on the way.
package main

import (
	"example.com/resolve/narrowiface/controllers"
	"example.com/resolve/narrowiface/store"
)

func main() {
	var f store.Factory
	f = store.New("http://store")
	defer f.Close()
	_ = &controllers.SecretReconciler{Store: f} // want `\(\*http.Client\).Do can block the reconcile worker forever: the value bound to controllers.SecretReconciler.Store here leaves it unbounded \(http.Client without Timeout \(store/store.go:29\)`

	var bounded store.Factory = store.NewWithTimeout("http://store")
	_ = &controllers.SecretReconciler{Store: bounded}
}
