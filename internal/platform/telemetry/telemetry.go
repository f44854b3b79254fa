// Package telemetry gives every Podium target its Prometheus metrics and OpenTelemetry traces
// (docs/operations.md, "Observability").
//
// One Telemetry serves one process: `podium all` has one registry for all five targets and
// one metrics listener; a single target has its own. Tracing is off unless an exporter is
// given (production: OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set); when off, no span is
// made anywhere — the instrumentation is not even installed.
package telemetry

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"

	grpcprom "github.com/grpc-ecosystem/go-grpc-middleware/providers/prometheus"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
)

// Telemetry is one process's metrics registry and, when tracing is on, its tracer provider.
type Telemetry struct {
	// Registry holds every metric the process exposes on /metrics.
	Registry *prometheus.Registry

	grpcServer *grpcprom.ServerMetrics
	grpcClient *grpcprom.ClientMetrics

	tracer     *sdktrace.TracerProvider // nil when tracing is off
	propagator propagation.TextMapPropagator
}

// New returns the telemetry of one process. A nil exporter turns tracing off.
func New(exporter sdktrace.SpanExporter) *Telemetry {
	t := &Telemetry{
		Registry: prometheus.NewRegistry(),
		grpcServer: grpcprom.NewServerMetrics(grpcprom.WithServerHandlingTimeHistogram(
			grpcprom.WithHistogramBuckets(latencyBuckets))),
		grpcClient: grpcprom.NewClientMetrics(grpcprom.WithClientHandlingTimeHistogram(
			grpcprom.WithHistogramBuckets(latencyBuckets))),
		propagator: propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}),
	}
	t.Registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		t.grpcServer, t.grpcClient,
	)
	t.Registry.MustRegister(podiumCollectors...)
	if exporter != nil {
		t.tracer = sdktrace.NewTracerProvider(
			sdktrace.WithBatcher(exporter),
			sdktrace.WithResource(processResource()),
			sdktrace.WithSampler(requestsStartTraces),
		)
	}
	return t
}

// latencyBuckets suit calls that usually take a millisecond or two and must stay under a
// second (seconds).
var latencyBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

// Tracing reports whether spans are recorded.
func (t *Telemetry) Tracing() bool { return t.tracer != nil }

// TracerProvider is the provider instrumentation records to; nil when tracing is off.
func (t *Telemetry) TracerProvider() trace.TracerProvider {
	if t.tracer == nil {
		return nil
	}
	return t.tracer
}

// ServerOptions instrument a gRPC server: handled counts and latencies by method and code,
// and a span per call when tracing is on. Their interceptor runs outermost, so it sees the
// final status of every call, refusals included.
func (t *Telemetry) ServerOptions() []grpc.ServerOption {
	opts := []grpc.ServerOption{grpc.ChainUnaryInterceptor(t.grpcServer.UnaryServerInterceptor())}
	if t.tracer != nil {
		opts = append(opts, grpc.StatsHandler(otelgrpc.NewServerHandler(
			otelgrpc.WithTracerProvider(t.tracer), otelgrpc.WithPropagators(t.propagator))))
	}
	return opts
}

// DialOptions instrument a gRPC client the same way.
func (t *Telemetry) DialOptions() []grpc.DialOption {
	opts := []grpc.DialOption{grpc.WithChainUnaryInterceptor(t.grpcClient.UnaryClientInterceptor())}
	if t.tracer != nil {
		opts = append(opts, grpc.WithStatsHandler(otelgrpc.NewClientHandler(
			otelgrpc.WithTracerProvider(t.tracer), otelgrpc.WithPropagators(t.propagator))))
	}
	return opts
}

// InitializeServer creates the zero series of every method of srv, so dashboards show a
// method before its first call.
func (t *Telemetry) InitializeServer(srv *grpc.Server) { t.grpcServer.InitializeMetrics(srv) }

// Serve exposes /metrics on its own listener until ctx ends. It is never the public port.
// With profiling, Go's profiler is there too (/debug/pprof/; docs/operations.md, "Profiling").
func (t *Telemetry) Serve(ctx context.Context, ln net.Listener, log *slog.Logger, profiling bool) error {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(t.Registry, promhttp.HandlerOpts{Registry: t.Registry}))
	if profiling {
		mux.HandleFunc("GET /debug/pprof/", pprof.Index)
		mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("metrics listening", "addr", ln.Addr().String())
	select {
	case err := <-errc:
		return fmt.Errorf("metrics listener: %w", err)
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("metrics listener shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// ForceFlush exports the spans ended so far.
func (t *Telemetry) ForceFlush(ctx context.Context) error {
	if t.tracer == nil {
		return nil
	}
	return t.tracer.ForceFlush(ctx)
}

// Shutdown flushes the spans not exported yet.
func (t *Telemetry) Shutdown(ctx context.Context) error {
	if t.tracer == nil {
		return nil
	}
	return t.tracer.Shutdown(ctx)
}
