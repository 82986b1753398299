// Command main binds the pod executor the runtime package makes.
package main

import (
	"example.com/podexec/controllers"
	"example.com/podexec/runtime"
)

func main() {
	exec, err := runtime.NewExecutor("https://cluster.example")
	if err != nil {
		panic(err)
	}
	_ = &controllers.Reconciler{PodExec: exec}
	_ = &controllers.Bounded{PodExec: exec}
}
