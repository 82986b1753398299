// Command cmd binds the registries through the reconciler's constructor.
// The registry only chooses the implementation: the finding is where its
// method builds the client (agenttls.go), naming this binding.
package main

import (
	"example.com/clientcache/agenttls"
	"example.com/clientcache/controllers"
)

func main() {
	_ = controllers.NewJobReconciler([]string{"a"}, agenttls.NewRegistry())
	_ = controllers.NewJobReconciler([]string{"a"}, agenttls.NewBoundedRegistry())
}
