// Command main binds factories that are closures capturing the
// configuration: the one whose clients have no timeout is reported at the
// binding, its bounded twin is not.
package main

import (
	"example.com/closurefactory/controllers"
	"example.com/closurefactory/factory"
)

func main() {
	cfg := factory.Config{URL: "https://cloud.example"}
	_ = &controllers.Reconciler{NewClient: factory.Make(cfg)} // want `\(\*http.Client\).Get can block the reconcile worker forever: the value bound to controllers.Reconciler.NewClient here leaves it unbounded`
	_ = &controllers.Reconciler{NewClient: factory.MakeBounded(cfg)}
}
