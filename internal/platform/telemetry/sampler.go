package telemetry

import (
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// requestsStartTraces is the sampler of every process: a trace starts where a request comes
// in (a server span: the gateway's HTTP request, a gRPC call from outside) and every span under
// it follows its parent. Background work (board rankings, outbox senders) calls other services
// without a request behind it; those calls start no trace of their own, so a trace is always
// one request's, whole (docs/operations.md, "Observability").
var requestsStartTraces = sdktrace.ParentBased(requestRoots{})

type requestRoots struct{}

func (requestRoots) ShouldSample(p sdktrace.SamplingParameters) sdktrace.SamplingResult {
	decision := sdktrace.Drop
	if p.Kind == trace.SpanKindServer {
		decision = sdktrace.RecordAndSample
	}
	return sdktrace.SamplingResult{Decision: decision, Tracestate: trace.SpanContextFromContext(p.ParentContext).TraceState()}
}

func (requestRoots) Description() string { return "RequestRoots" }
