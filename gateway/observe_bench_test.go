package gateway

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// discardWriter is a response writer that keeps nothing, so the benchmark measures the
// gateway's own work on a hot public answer.
type discardWriter struct{ h http.Header }

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (d *discardWriter) WriteHeader(int)             {}

// BenchmarkHotPublicHit is the hot path (a leaderboard served from the gateway's memory
// through the chain gateway.New builds: security headers, access log as `make run` logs it,
// root mux, public cache) without and with the request metrics, so their cost shows as the
// difference of the two (scripts/bench.sh prints it). Tracing is off, as by default.
func BenchmarkHotPublicHit(b *testing.B) {
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	cache := newPublicCache(ctx, &backend{}, nil, nil)
	cache.ttl = time.Hour // no refetch in the middle of the loop
	root := newRoot(ctx, cache, Options{Log: log})
	headers := newSecurityHeaders(0)
	for _, variant := range []struct {
		name string
		h    http.Handler
	}{
		{"without-metrics", withSecurityHeaders(withRequestLog(ctx, root, log), headers)},
		{"with-metrics", withSecurityHeaders(observeRequests(withRequestLog(ctx, root, log)), headers)},
	} {
		for _, enc := range []string{"identity", "gzip"} {
			b.Run(variant.name+"/"+enc, func(b *testing.B) {
				req := httptest.NewRequest(http.MethodGet, "/api/public/events/e1/leaderboard", nil)
				if enc == "gzip" {
					req.Header.Set("Accept-Encoding", "gzip, deflate, br")
				}
				w := &discardWriter{h: http.Header{}}
				variant.h.ServeHTTP(w, req) // the miss that fills the cache
				b.ReportAllocs()
				for b.Loop() {
					// net/http gives every request a new header map.
					w.h = make(http.Header)
					delete(req.Header, requestIDHeader)
					variant.h.ServeHTTP(w, req)
				}
			})
		}
	}
}
