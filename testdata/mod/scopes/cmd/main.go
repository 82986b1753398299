// Command main binds each reconciler's factory.
package main

import "example.com/scopes/ctl"

func main() {
	_ = &ctl.MachineReconciler{Factory: ctl.NewFactory()}
	_ = &ctl.MachineReconciler{Factory: ctl.NewTimedFactory()}
}
