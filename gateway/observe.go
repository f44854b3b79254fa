package gateway

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"go.opentelemetry.io/otel/trace"

	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// Metrics and span names use the route template ("/api/events/{eventId}"), which is known
// only deep inside the handler chain: the outermost middleware puts an empty routeLabel in
// the context, and whoever learns the route fills it in (the grpc-gateway mux for API calls,
// the public cache for answers it serves from memory).
type routeLabel struct{ name string }

type routeKey struct{}

// setRoute names the route of the request that ctx belongs to.
func setRoute(ctx context.Context, route string) {
	if l, ok := ctx.Value(routeKey{}).(*routeLabel); ok {
		l.name = route
	}
	trace.SpanFromContext(ctx).SetName(route)
}

// routeOf is the route named so far for ctx's request, or "".
func routeOf(ctx context.Context) string {
	if l, ok := ctx.Value(routeKey{}).(*routeLabel); ok {
		return l.name
	}
	return ""
}

// observeRequests counts and times every request by route template, method and status.
func observeRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		telemetry.HTTPInFlight.Inc()
		defer telemetry.HTTPInFlight.Dec()
		label := &routeLabel{}
		r = r.WithContext(context.WithValue(r.Context(), routeKey{}, label))
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)

		route := label.name
		if route == "" {
			// The root mux's pattern: "GET /healthz" → "/healthz", "/" (the web app)…
			_, route, _ = strings.Cut(r.Pattern, " ")
			if route == "" {
				route = r.Pattern
			}
		}
		if route == "" || route == "/api/" || route == "/api" {
			route = "unmatched"
		}
		telemetry.HTTPRequests.WithLabelValues(route, r.Method, strconv.Itoa(rec.status)).Inc()
		telemetry.HTTPDuration.WithLabelValues(route, r.Method).Observe(time.Since(start).Seconds())
		telemetry.HTTPResponseBytes.WithLabelValues(route).Add(float64(rec.bytes))
	})
}

// nameRoute is the grpc-gateway mux middleware that names API routes by their template.
func nameRoute(next runtime.HandlerFunc) runtime.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, params map[string]string) {
		if p, ok := runtime.HTTPPattern(r.Context()); ok {
			// "/api/events/{id=*}" → "/api/events/{id}", as proto/http.yaml writes it.
			setRoute(r.Context(), strings.ReplaceAll(p.String(), "=*}", "}"))
		}
		next(w, r, params)
	}
}
