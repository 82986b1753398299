// Package dials dials from a Reconcile: a stream dial with no timeout
// waits for the peer (reported, with the dial's own fix); a UDP dial sends
// no handshake and waits for no one (silent), as an SDK's opt-in
// telemetry does.
package dials

import (
	"context"
	"net"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{ Addr string }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	conn, err := net.Dial("tcp", r.Addr) // want `net.Dial can block the reconcile worker forever: nothing bounds it \(net.Dial, which has no timeout\): .*; dial with a timeout \(net.DialTimeout, a net.Dialer with Timeout\) or a ctx with a deadline \(DialContext\)`
	if err != nil {
		return ctrl.Result{}, err
	}
	conn.Close()

	// Connectionless: no handshake, nothing to wait for.
	if stats, err := net.Dial("udp", "statsd:8125"); err == nil {
		stats.Close()
	}
	var d net.Dialer
	if stats, err := d.DialContext(ctx, "udp4", "statsd:8125"); err == nil {
		stats.Close()
	}
	// The corrected twin of the first: a dial with a timeout.
	bounded, err := net.DialTimeout("tcp", r.Addr, 5*time.Second)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, bounded.Close()
}
