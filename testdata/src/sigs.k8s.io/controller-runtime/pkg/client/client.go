// Package client is a stub of controller-runtime's, for analyzer tests.
package client

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type Object interface {
	GetName() string
	GetDeletionTimestamp() *metav1.Time
	GetFinalizers() []string
	SetFinalizers([]string)
}

type Patch interface{ Type() string }

type SubResourceWriter interface {
	Update(ctx context.Context, obj Object) error
	Patch(ctx context.Context, obj Object, patch Patch) error
}

type Client interface {
	Get(ctx context.Context, key string, obj Object) error
	Update(ctx context.Context, obj Object) error
	Patch(ctx context.Context, obj Object, patch Patch) error
	Status() SubResourceWriter
}

// impl sleeps, but the model says the client is bounded: no finding may
// come from here.
type impl struct{}

func (impl) Get(ctx context.Context, key string, obj Object) error {
	time.Sleep(time.Minute)
	return nil
}
func (impl) Update(ctx context.Context, obj Object) error { time.Sleep(time.Minute); return nil }
func (impl) Patch(ctx context.Context, obj Object, patch Patch) error {
	time.Sleep(time.Minute)
	return nil
}
func (i impl) Status() SubResourceWriter { return i }

func New() Client { return impl{} }

// IgnoreNotFound returns nil on NotFound errors, like the real one.
func IgnoreNotFound(err error) error {
	if err != nil && err.Error() == "NotFound" {
		return nil
	}
	return err
}
