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
	// The network passed down through helpers that only this package
	// calls: connectionless when every call passes a "udp" constant.
	if err := startTelemetry("statsd:8125"); err != nil {
		return ctrl.Result{}, err
	}
	if err := dialHelper("udp", "statsd:8125"); err != nil {
		return ctrl.Result{}, err
	}
	if err := dialHelper("tcp", r.Addr); err != nil {
		return ctrl.Result{}, err
	}
	// The corrected twin of the first: a dial with a timeout.
	bounded, err := net.DialTimeout("tcp", r.Addr, 5*time.Second)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, bounded.Close()
}

// reporter is an SDK's opt-in telemetry: it dials the network its caller
// names.
type reporter struct{ conn net.Conn }

func (r *reporter) connect(network, addr string) error {
	conn, err := net.Dial(network, addr)
	if err != nil {
		return err
	}
	r.conn = conn
	return nil
}

// startTelemetry names the network once, as a constant: connect is only
// ever called with it.
func startTelemetry(addr string) error {
	const network = "udp"
	return (&reporter{}).connect(network, addr)
}

// dialHelper is called with "udp" and with "tcp": the "tcp" call waits for
// its peer.
func dialHelper(network, addr string) error {
	conn, err := net.Dial(network, addr) // want `net.Dial can block the reconcile worker forever: nothing bounds it \(net.Dial, which has no timeout\): \(\*dials.Reconciler\).Reconcile \(dials/dials.go:37\) -> dials.dialHelper`
	if err != nil {
		return err
	}
	return conn.Close()
}
