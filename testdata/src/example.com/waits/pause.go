package waits

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// Duration wraps a duration, as metav1.Duration does: two fields of the
// zone spec hold one each, with defaults of their own.
type Duration struct{ Duration time.Duration }

type ZoneSpec struct {
	ReadyTimeout *Duration
	UpdatePause  *Duration
}

func setZoneDefaults(s *ZoneSpec) {
	if s.ReadyTimeout == nil {
		s.ReadyTimeout = &Duration{Duration: 5 * time.Minute}
	}
	if s.UpdatePause == nil {
		s.UpdatePause = &Duration{Duration: 500 * time.Millisecond}
	}
}

// ZonePause pauses between zone updates for UpdatePause, whose default is
// half a second: below the threshold, silent. The 5 minutes another field
// of the same type holds say nothing of this one.
type ZonePause struct{ spec ZoneSpec }

func (r *ZonePause) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	setZoneDefaults(&r.spec)
	select {
	case <-time.After(r.spec.UpdatePause.Duration):
	case <-ctx.Done():
		return ctrl.Result{}, ctx.Err()
	}
	return ctrl.Result{}, nil
}

// ZoneReady waits ReadyTimeout, 5 minutes by default: reported with it.
type ZoneReady struct{ spec ZoneSpec }

func (r *ZoneReady) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	setZoneDefaults(&r.spec)
	select { // want `<-time.After blocks the reconcile worker \(waits up to 5m0s\)`
	case <-time.After(r.spec.ReadyTimeout.Duration):
	case <-ctx.Done():
		return ctrl.Result{}, ctx.Err()
	}
	return ctrl.Result{}, nil
}
