// Command cmd binds the registries through the reconciler's constructor.
package main

import (
	"example.com/clientcache/agenttls"
	"example.com/clientcache/controllers"
)

func main() {
	_ = controllers.NewJobReconciler([]string{"a"}, agenttls.NewRegistry()) // want `\(\*http.Client\).Do can block the reconcile worker forever: the value bound to controllers.JobReconciler.registry here leaves it unbounded \(http.Client without Timeout \(agenttls/agenttls.go:17\) and http.NewRequest, which uses context.Background\(\) \(agentrest/agentrest.go:21\)\)`
	_ = controllers.NewJobReconciler([]string{"a"}, agenttls.NewBoundedRegistry())
}
