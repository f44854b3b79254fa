package gateway

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
)

// discardWriter is a response writer that keeps nothing, so the benchmark measures the
// gateway's own work on a hot public answer.
type discardWriter struct{ h http.Header }

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (d *discardWriter) WriteHeader(int)             {}

// BenchmarkHotPublicHit is the hot path (a leaderboard served from the gateway's memory,
// logged as `make run` logs it) without and with the request metrics, so their cost shows
// as the ratio of the two (scripts/bench.sh prints it).
func BenchmarkHotPublicHit(b *testing.B) {
	cache := newPublicCache(context.Background(), &backend{}, nil, nil)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, variant := range []struct {
		name string
		h    http.Handler
	}{
		// The route label alone: the access log then sums up memory hits in both variants, so
		// the difference is the counting.
		{"without-metrics", withRouteLabel(withRequestLog(context.Background(), cache, log))},
		{"with-metrics", observeRequests(withRequestLog(context.Background(), cache, log))},
	} {
		b.Run(variant.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, "/api/public/events/e1/leaderboard", nil)
			req.Header.Set("Accept-Encoding", "gzip")
			w := &discardWriter{h: http.Header{}}
			variant.h.ServeHTTP(w, req) // the miss that fills the cache
			b.ReportAllocs()
			for b.Loop() {
				clear(w.h)
				variant.h.ServeHTTP(w, req)
			}
		})
	}
}

// withRouteLabel gives each request the route label observeRequests would, without counting.
func withRouteLabel(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), routeKey{}, &routeLabel{})))
	})
}
