// Package ingress is an operator's own helper package: WaitAddress waits for
// a load balancer's address with a limit of its own (1000 ticks of 1s), and
// Lookup retries a missing service six times, 100ms apart (600ms).
package ingress

import "time"

var addresses = map[string]string{}

// WaitAddress is one fix however many calls reach it: the finding sits at
// its wait, and each call of the controller is one of its places.
func WaitAddress(name string) string {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for i := 0; i < 1000; i++ {
		<-ticker.C // want `<-ticker.C blocks the reconcile worker \(waits up to 16m40s\): \(\*ctrl.Reconciler\).Reconcile \(ctrl/ctrl.go:\d+\) -> ingress.WaitAddress \(ingress/ingress.go:16\) -> <-ticker.C; .* \(and through 1 other call of this package\)`
		if a := addresses[name]; a != "" {
			return a
		}
	}
	return ""
}

// Lookup waits 600ms at most: not worth a finding on its own.
func Lookup(name string) string {
	for i := 0; i < 6; i++ {
		if a := addresses[name]; a != "" {
			return a
		}
		time.Sleep(100 * time.Millisecond)
	}
	return ""
}
