// Package tracing wraps the tracer as operators do: the tracer travels in
// the ctx, with a package default, and Start returns the ctx that carries
// the span.
package tracing

import (
	"context"

	"go.opentelemetry.io/otel/trace"
)

type Tracer = trace.Tracer

type noopSpan struct{}

func (noopSpan) End() {}

type noopTracer struct{}

func (noopTracer) Start(ctx context.Context, name string) (context.Context, trace.Span) {
	return ctx, noopSpan{}
}

var global Tracer = noopTracer{}

type tracerKey struct{}

func FromContext(ctx context.Context) Tracer {
	if t, ok := ctx.Value(tracerKey{}).(Tracer); ok {
		return t
	}
	return global
}

func Start(ctx context.Context, name string) (context.Context, trace.Span) {
	return FromContext(ctx).Start(ctx, name)
}
