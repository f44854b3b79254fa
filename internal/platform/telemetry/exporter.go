package telemetry

import (
	"context"
	"fmt"

	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
)

// OTLPExporter sends spans to endpoint (OTEL_EXPORTER_OTLP_ENDPOINT, e.g.
// http://otel-collector:4317). The exporter reads the other standard OTEL_EXPORTER_OTLP_*
// variables (headers, certificates, timeouts) itself.
func OTLPExporter(ctx context.Context, endpoint string) (sdktrace.SpanExporter, error) {
	exp, err := otlptracegrpc.New(ctx, otlptracegrpc.WithEndpointURL(endpoint))
	if err != nil {
		return nil, fmt.Errorf("otlp exporter for %s: %w", endpoint, err)
	}
	return exp, nil
}

// processResource names the process in every span: "podium" unless OTEL_SERVICE_NAME or
// OTEL_RESOURCE_ATTRIBUTES say otherwise (later detectors win).
func processResource() *resource.Resource {
	r, err := resource.New(context.Background(),
		resource.WithAttributes(semconv.ServiceName("podium")),
		resource.WithTelemetrySDK(),
		resource.WithFromEnv(),
	)
	if err != nil {
		return resource.Default()
	}
	return r
}
