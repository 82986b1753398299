// Command main binds a recorder whose client has a Timeout (silent) and
// one whose client has none (reported where it is bound).
package main

import (
	"example.com/setafter/controllers"
	"example.com/setafter/events"
)

func main() {
	timed, _ := events.NewRecorder("https://notify.example")
	_ = &controllers.Reconciler{EventRecorder: timed}
	untimed, _ := events.NewRecorderUntimed("https://notify.example")
	_ = &controllers.Reconciler{EventRecorder: untimed}
}
