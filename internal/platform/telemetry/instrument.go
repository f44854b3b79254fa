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
	return otelhttp.NewHandler(next, "http",
		otelhttp.WithTracerProvider(t.tracer), otelhttp.WithPropagators(t.propagator),
	)
}
