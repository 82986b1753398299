// Command cmd binds, on each reconciler, the kind's reconciler and the
// client factory.
package main

import (
	"example.com/factorydispatch/brokerclient"
	"example.com/factorydispatch/controllers"
)

func main() {
	_ = &controllers.TopologyReconciler{KindReconciler: &controllers.QueueReconciler{}, ClientFactory: brokerclient.SDKClientFactory} // want `\(\*http.Client\).Do can block the reconcile worker forever: the value bound to controllers.TopologyReconciler.KindReconciler here leaves it unbounded \(.*brokersdk.Client.timeout, never set.*QueueReconciler\).DeleteFunc`
	_ = &controllers.TopologyReconciler{KindReconciler: &controllers.QueueReconciler{}, ClientFactory: brokerclient.BoundedClientFactory}
	_ = &controllers.TopologyReconciler{KindReconciler: &controllers.SecretReconciler{}, ClientFactory: brokerclient.SDKClientFactory}
	_ = &controllers.NamedTopologyReconciler{Kind: &controllers.QueueReconciler{}, ClientFactory: brokerclient.SDKClientFactory} // want `the value bound to controllers.NamedTopologyReconciler.Kind here leaves it unbounded \(.*brokersdk.Client.timeout, never set`
	_ = &controllers.NamedTopologyReconciler{Kind: &controllers.QueueReconciler{}, ClientFactory: brokerclient.BoundedClientFactory}
	_ = controllers.NewTopologyReconciler(&controllers.QueueReconciler{}, brokerclient.SDKClientFactory) // want `the value bound to controllers.TopologyReconciler.KindReconciler here leaves it unbounded \(.*brokersdk.Client.timeout, never set`
	_ = controllers.NewTopologyReconciler(&controllers.QueueReconciler{}, brokerclient.BoundedClientFactory)
	_ = controllers.NewTopologyReconciler(&controllers.SecretReconciler{}, brokerclient.SDKClientFactory)
	_ = &controllers.HelperTopologyReconciler{Kind: &controllers.QueueReconciler{}, ClientFactory: brokerclient.SDKClientFactory} // want `the value bound to controllers.HelperTopologyReconciler.Kind here leaves it unbounded \(.*brokersdk.Client.timeout, never set.*QueueReconciler\).DeleteFunc`
	_ = &controllers.HelperTopologyReconciler{Kind: &controllers.QueueReconciler{}, ClientFactory: brokerclient.BoundedClientFactory}
	_ = &controllers.NamedTopologyReconciler{Kind: &controllers.PurgeReconciler{}, ClientFactory: brokerclient.SDKClientFactory} // want `the value bound to controllers.NamedTopologyReconciler.Kind here leaves it unbounded \(brokersdk.Client.timeout, never set.* and the reconcile ctx, which has no deadline\).*PurgeReconciler\).DeclareFunc`
	_ = &controllers.NamedTopologyReconciler{Kind: &controllers.PurgeReconciler{}, ClientFactory: brokerclient.BoundedClientFactory}
	_ = &controllers.TimedTopologyReconciler{Kind: &controllers.PurgeReconciler{}, ClientFactory: brokerclient.SDKClientFactory}
	_ = &controllers.TimedTopologyReconciler{Kind: &controllers.QueueReconciler{}, ClientFactory: brokerclient.SDKClientFactory} // want `the value bound to controllers.TimedTopologyReconciler.Kind here leaves it unbounded \(.*brokersdk.Client.timeout, never set`
}
