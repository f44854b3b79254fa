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

// BenchmarkHotPublicHit is a leaderboard served from the gateway's memory (identity, gzip, and
// a 304 to a client that holds it) through the chains of hotPathVariants: the chain behind the hot path without and with the request metrics, so
// their cost shows as the difference of the two (scripts/bench.sh prints it), and the chain
// gateway.New builds by default, whose hot path answers first. Tracing is off, as by default.
func BenchmarkHotPublicHit(b *testing.B) {
	for _, variant := range hotPathVariants(b) {
		for _, enc := range []string{"identity", "gzip", "not-modified"} {
			b.Run(variant.name+"/"+enc, func(b *testing.B) {
				req := httptest.NewRequest(http.MethodGet, "/api/public/events/e1/leaderboard", nil)
				if enc != "identity" {
					req.Header.Set("Accept-Encoding", "gzip, deflate, br")
				}
				w := &discardWriter{h: http.Header{}}
				variant.h.ServeHTTP(w, req) // the miss that fills the cache
				if enc == "not-modified" {
					// A browser revalidating the copy it holds: 304, no body.
					req.Header.Set("If-None-Match", w.h.Get("Etag"))
				}
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

// BenchmarkMetricsCostHTTP weighs the request metrics against a whole request as a client
// sees it: the first two chains of hotPathVariants behind real HTTP servers on loopback, one
// keep-alive connection each, asked in turn within every iteration so that the machine's
// drift hits both alike. It reports each variant's time per request and the metrics' cost in
// percent (scripts/bench.sh prints it).
func BenchmarkMetricsCostHTTP(b *testing.B) {
	variants := hotPathVariants(b)[:2]
	for _, enc := range []string{"identity", "gzip"} {
		b.Run(enc, func(b *testing.B) {
			gets := make([]func() time.Duration, len(variants))
			for i, v := range variants {
				srv := httptest.NewServer(v.h)
				defer srv.Close()
				gets[i] = timedGet(b, srv.URL+"/api/public/events/e1/leaderboard", enc)
				gets[i]() // the miss that fills the cache
			}
			var spent [2]time.Duration
			n := 0
			for b.Loop() {
				spent[0] += gets[0]()
				spent[1] += gets[1]()
				n++
			}
			without, with := float64(spent[0].Nanoseconds())/float64(n), float64(spent[1].Nanoseconds())/float64(n)
			b.ReportMetric(without, "ns/req-"+variants[0].name)
			b.ReportMetric(with, "ns/req-"+variants[1].name)
			b.ReportMetric(100*(with/without-1), "%metrics")
		})
	}
}

// timedGet returns a function that GETs url over one keep-alive connection and says how long
// the request took, body read.
func timedGet(b *testing.B, url, encoding string) func() time.Duration {
	client := &http.Client{Transport: &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: 1}}
	b.Cleanup(client.CloseIdleConnections)
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		b.Fatal(err)
	}
	if encoding == "gzip" {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	return func() time.Duration {
		start := time.Now()
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body) //nolint:errcheck // a benchmark reads what comes
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("status %d", resp.StatusCode)
		}
		return time.Since(start)
	}
}

type hotPathVariant struct {
	name string
	h    http.Handler
}

// hotPathVariants are the chain gateway.New builds behind the hot path (security headers,
// access log as `make run` logs it, root mux, public cache; what answers hits with tracing
// on) without and with the request metrics, then the chain gateway.New builds by default,
// whose hot path (hothits.go) answers hits before that chain and does the same metric work.
// Tracing is off.
func hotPathVariants(b *testing.B) []hotPathVariant {
	ctx, cancel := context.WithCancel(context.Background())
	b.Cleanup(cancel)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	cache := newPublicCache(&backend{}, Options{PublicCacheTTL: time.Hour}) // no refetch in the middle of the loop
	root := newRoot(ctx, cache, Options{Log: log})
	headers := newSecurityHeaders(0)
	hits := newHitSummary(ctx, log)
	chain := observeRequests(withRequestLog(root, log, hits))
	return []hotPathVariant{
		{"without-metrics", withSecurityHeaders(withRequestLog(root, log, hits), headers)},
		{"with-metrics", withSecurityHeaders(chain, headers)},
		{"hot-path", withSecurityHeaders(answerHits(cache, chain, log, hits), headers)},
	}
}
