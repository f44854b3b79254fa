package telemetry

import (
	"context"
	"testing"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// A request's server span starts a trace and its calls follow it; a call made by background
// work, with no request behind it, records nothing.
func TestOnlyRequestsStartTraces(t *testing.T) {
	t.Parallel()
	spans := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans), sdktrace.WithSampler(requestsStartTraces))
	tracer := tp.Tracer("test")
	ctx := context.Background()

	_, background := tracer.Start(ctx, "background call", trace.WithSpanKind(trace.SpanKindClient))
	background.End()
	reqCtx, request := tracer.Start(ctx, "request", trace.WithSpanKind(trace.SpanKindServer))
	_, call := tracer.Start(reqCtx, "call", trace.WithSpanKind(trace.SpanKindClient))
	call.End()
	request.End()

	var names []string
	for _, s := range spans.GetSpans() {
		names = append(names, s.Name)
	}
	if len(names) != 2 || names[0] != "call" || names[1] != "request" {
		t.Errorf("recorded spans %v, want the request's call and the request", names)
	}
}
