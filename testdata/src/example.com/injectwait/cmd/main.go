package main

import (
	"example.com/injectwait/controllers"
	"example.com/injectwait/sdk"
)

// The bindings below choose the implementation; the waits are the
// implementation's own, so the findings sit where sdk waits (sdk.go),
// naming the binding, one per place however many bindings reach it.
func main() {
	_ = &controllers.Reconciler{Storage: sdk.Waiting{}}
	_ = &controllers.Reconciler{Storage: sdk.Async{}}
	_ = &controllers.FactoryReconciler{NewStorage: newStorage}
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
	_ = &controllers.Reconciler{Storage: storage}
}

func keep(*sdk.Storage) {}
