// Command cmd binds the factories: two reconcilers share the unbounded one
// (one finding, at the factory's constructor call), a third the bounded one.
package main

import (
	"example.com/factorysite/clientfactory"
	"example.com/factorysite/controllers"
)

func main() {
	_ = &controllers.QueueReconciler{NewClient: clientfactory.Unbounded}
	_ = &controllers.VhostReconciler{NewClient: clientfactory.Unbounded}
	_ = &controllers.QueueReconciler{NewClient: clientfactory.Bounded}
}
