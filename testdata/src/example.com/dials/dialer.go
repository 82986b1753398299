package dials

import (
	"context"
	"net"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// Resolver dials the way a DNS client library does (miekg/dns's
// Client.DialContext): the dialer is a variable that each branch sets
// whole, to a literal whose Timeout a helper computes, or to a copy of the
// one its caller gave. A set timeout bounds the dial, whatever its value.
type Resolver struct {
	Timeout time.Duration
	Dialer  *net.Dialer
}

func (c *Resolver) timeout() time.Duration {
	if c.Timeout != 0 {
		return c.Timeout
	}
	return 2 * time.Second
}

func (c *Resolver) dial(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	if c.Dialer == nil {
		d = net.Dialer{Timeout: c.timeout()}
	} else {
		d = *c.Dialer
	}
	return d.DialContext(ctx, "tcp", addr)
}

// dialUntimed is its twin whose literal sets no Timeout.
func (c *Resolver) dialUntimed(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	if c.Dialer == nil {
		d = net.Dialer{KeepAlive: time.Second} // want `\(\*net.Dialer\).DialContext can block the reconcile worker forever: nothing bounds it \(net.Dialer without Timeout \(dials/dialer.go:41\) and context.Background\(\) \(dials/dialer.go:57\)\)`
	} else {
		d = *c.Dialer
	}
	return d.DialContext(ctx, "tcp", addr)
}

type DNSReconciler struct{}

func (r *DNSReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &Resolver{}
	conn, err := c.dial(context.Background(), "ns:53")
	if err != nil {
		return ctrl.Result{}, err
	}
	conn.Close()
	conn, err = c.dialUntimed(context.Background(), "ns:53")
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, conn.Close()
}
