package main

import (
	"example.com/injectwait/controllers"
	"example.com/injectwait/sdk"
)

func main() {
	_ = &controllers.Reconciler{Storage: sdk.Waiting{}} // want `wait.PollUntilContextTimeout blocks the reconcile worker through the value bound to controllers.Reconciler.Storage here \(polls every 5s for up to 10m0s\): \(\*controllers.Reconciler\).Reconcile \(controllers/controllers.go:23\) -> \(sdk.Waiting\).DeleteAndWait \(sdk/sdk.go:14\) -> wait.PollUntilContextTimeout`
	_ = &controllers.Reconciler{Storage: sdk.Async{}}
	_ = &controllers.FactoryReconciler{NewStorage: newStorage} // want `time.Sleep blocks the reconcile worker through the value bound to controllers.FactoryReconciler.NewStorage here \(waits up to 30s\): \(\*controllers.FactoryReconciler\).Reconcile \(controllers/controllers.go:33\) -> \(sdk.Waiting\).Drain \(sdk/sdk.go:19\) -> time.Sleep; .* \(and 1 other blocking call through this value\)`
	_ = &controllers.FactoryReconciler{NewStorage: newAsyncStorage}
}

// The factories adapt the SDK's constructors to the controller's interface.
func newStorage(region string) controllers.Storage { return sdk.NewWaiting(region) }

func newAsyncStorage(region string) controllers.Storage { return sdk.NewAsync(region) }

// bindThroughVariable binds a variable whose address is also taken, as
// KEDA's main does with its scale handler.
func bindThroughVariable() {
	storage := sdk.NewWaiting("eu-west-1")
	keep(&storage)
	_ = &controllers.Reconciler{Storage: storage} // want `wait.PollUntilContextTimeout blocks the reconcile worker through the value bound to controllers.Reconciler.Storage here`
}

func keep(*sdk.Storage) {}
