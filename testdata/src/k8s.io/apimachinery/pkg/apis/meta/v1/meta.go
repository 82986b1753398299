// Package v1 is a stub of apimachinery's meta/v1, for analyzer tests.
package v1

import "time"

type Time struct{ time.Time }

// IsZero is nil-safe, like the real one.
func (t *Time) IsZero() bool { return t == nil || t.Time.IsZero() }

type TypeMeta struct{ Kind, APIVersion string }

type ObjectMeta struct {
	Name              string
	DeletionTimestamp *Time
	Finalizers        []string
}

func (m *ObjectMeta) GetName() string                   { return m.Name }
func (m *ObjectMeta) GetDeletionTimestamp() *Time       { return m.DeletionTimestamp }
func (m *ObjectMeta) GetFinalizers() []string           { return m.Finalizers }
func (m *ObjectMeta) SetFinalizers(finalizers []string) { m.Finalizers = finalizers }

func Now() Time { return Time{time.Now()} }

type Condition struct {
	Type               string
	LastTransitionTime Time
}
