// Command main binds a factory whose clients have no Timeout (reported
// where it is bound) and one whose clients have one (silent).
package main

import (
	"example.com/scopefactory/ctl"
	"example.com/scopefactory/robot"
)

func main() {
	_ = &ctl.MachineReconciler{Factory: robot.NewFactory()}
	_ = &ctl.MachineReconciler{Factory: robot.NewTimedFactory()}
}
