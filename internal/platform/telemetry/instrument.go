package telemetry

import (
	"net/http"

	"github.com/exaring/otelpgx"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/extra/redisotel/v9"
	"github.com/redis/go-redis/v9"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
)

// ConfigurePool makes every query of the pool a span when tracing is on (pg.Connect calls it
// before the pool opens).
func (t *Telemetry) ConfigurePool(cfg *pgxpool.Config) {
	if t.tracer == nil {
		return
	}
	cfg.ConnConfig.Tracer = otelpgx.NewTracer(otelpgx.WithTracerProvider(t.tracer), otelpgx.WithTrimSQLInSpanName())
}

// InstrumentRedis makes every Redis command a span when tracing is on.
func (t *Telemetry) InstrumentRedis(rdb *redis.Client) error {
	if t.tracer == nil {
		return nil
	}
	// Dials happen outside any request; as spans of their own they would be traces of one span.
	return redisotel.InstrumentTracing(rdb, redisotel.WithTracerProvider(t.tracer), redisotel.WithDialFilter(true))
}

// HTTPHandler starts a span for every request when tracing is on (continuing the caller's
// trace from a traceparent header); the gateway names it after the route once it is known.
func (t *Telemetry) HTTPHandler(next http.Handler) http.Handler {
	if t.tracer == nil {
		return next
	}
	// otelhttp renames the span after the root mux's pattern ("GET /api/") when the request
	// it passed on comes back with one; the gateway's name is the route template, so the mux
	// gets a copy.
	keepName := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(r.Context()))
	})
	return otelhttp.NewHandler(keepName, "http",
		otelhttp.WithTracerProvider(t.tracer), otelhttp.WithPropagators(t.propagator),
	)
}
