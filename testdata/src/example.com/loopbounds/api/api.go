// Package api is the operator's API package: the object's spec, and the
// defaults the operator sets when a field is zero.
package api

type Probe struct {
	InitialDelaySeconds int32
}

type Spec struct {
	LivenessProbe Probe
	Attempts      int
}

type Cluster struct {
	Name string
	Spec Spec
}

// SetDefaults fills what the user left out: a liveness probe waits a
// minute by default. Attempts has no default.
func (c *Cluster) SetDefaults() {
	if c.Spec.LivenessProbe.InitialDelaySeconds < 1 {
		c.Spec.LivenessProbe.InitialDelaySeconds = 60
	}
}
