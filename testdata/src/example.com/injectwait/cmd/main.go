package main

import (
	"example.com/injectwait/controllers"
	"example.com/injectwait/sdk"
)

func main() {
	_ = &controllers.Reconciler{Storage: sdk.Waiting{}} // want `wait.PollUntilContextTimeout blocks the reconcile worker through the value bound to controllers.Reconciler.Storage here \(polls every 5s for up to 10m0s\): \(\*controllers.Reconciler\).Reconcile \(controllers/controllers.go:20\) -> \(sdk.Waiting\).DeleteAndWait \(sdk/sdk.go:14\) -> wait.PollUntilContextTimeout`
	_ = &controllers.Reconciler{Storage: sdk.Async{}}
}
