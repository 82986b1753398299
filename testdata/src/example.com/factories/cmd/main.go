// Command cmd binds the factories, as an operator's main does.
package main

import (
	"example.com/factories/controllers"
	"example.com/factories/msgclient"
)

func main() {
	_ = &controllers.QueueReconciler{ClientFactory: msgclient.SDKClientFactory} // want `\(\*http.Client\).Do can block the reconcile worker forever: the value bound to controllers.QueueReconciler.ClientFactory here leaves it unbounded \(.*msgsdk.Client.timeout, never set.*; set msgsdk.Client.timeout where the client is built, through the SDK's setter or option`
	_ = &controllers.QueueReconciler{ClientFactory: msgclient.TimeoutClientFactory}
	_ = &controllers.QueueReconciler{ClientFactory: msgclient.NewClientFactory} // want `the value bound to controllers.QueueReconciler.ClientFactory here leaves it unbounded \(.*msgsdk.Client.timeout, never set`
	_ = &controllers.QueueReconciler{ClientFactory: msgclient.NewBoundedClientFactory}
	_ = &controllers.StatusReconciler{HTTPClient: msgclient.DefaultHTTPClient} // want `\(\*http.Client\).Get can block the reconcile worker forever: the value bound to controllers.StatusReconciler.HTTPClient here leaves it unbounded \(http.Client without Timeout`
	_ = &controllers.StatusReconciler{HTTPClient: msgclient.BoundedHTTPClient}
	_ = &controllers.QueueReconciler{ClientFactory: msgclient.SetTimeoutClientFactory}
	_ = &controllers.QueueReconciler{ClientFactory: msgclient.ConfiguredClientFactory}
	_ = &controllers.StatusReconciler{HTTPClient: msgclient.PatchedHTTPClient}
}
