package gateway

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/podium-dev/podium/gateway/publiccache"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

const hotRoute = "/api/public/events/{eventId}/leaderboard"

// hotChains builds the chain gateway.New builds by default (the hot path in front) and the
// same chain without it, each with its own backend that names its route as grpc-gateway does.
type hotChain struct {
	h     http.Handler
	cache *publiccache.Cache
	b     *backend
	hits  *hitSummary
	logs  *logBuffer
}

func newHotChain(t *testing.T, hotPath bool) *hotChain {
	return newHotChainOn(t, hotPath, nil, 0)
}

// newHotChainOn is newHotChain in front of api (nil: the chain's backend) keeping copies for
// ttl (0: the default).
func newHotChainOn(t *testing.T, hotPath bool, api http.Handler, ttl time.Duration) *hotChain {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	hc := &hotChain{b: &backend{}, hits: &hitSummary{}, logs: &logBuffer{}}
	log := slog.New(slog.NewTextHandler(hc.logs, nil))
	if api == nil {
		api = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			setRoute(w, r, hotRoute)
			hc.b.ServeHTTP(w, r)
		})
	}
	hc.cache = newPublicCache(api, Options{PublicCacheTTL: ttl})
	h := observeRequests(withRequestLog(newRoot(ctx, hc.cache, Options{Log: log}), log, hc.hits))
	if hotPath {
		h = answerHits(hc.cache, h, log, hc.hits)
	}
	hc.h = withSecurityHeaders(h, newSecurityHeaders(0))
	return hc
}

// The hot path answers a hit exactly as the whole chain does: status, headers (ids and dates
// aside), body, for every way of asking.
func TestHotPathAnswersAsTheChainDoes(t *testing.T) {
	t.Parallel()
	const path = "/api/public/events/1/leaderboard"
	hot, chain := newHotChain(t, true), newHotChain(t, false)
	etag := get(hot.h, path).Header().Get("Etag")
	etagZ := get(hot.h, path, "Accept-Encoding", "gzip").Header().Get("Etag")
	get(chain.h, path)
	asks := []struct {
		name, method string
		headers      []string
	}{
		{"identity", http.MethodGet, nil},
		{"gzip", http.MethodGet, []string{"Accept-Encoding", "deflate, gzip;q=0.8"}},
		{"gzip refused", http.MethodGet, []string{"Accept-Encoding", "gzip;q=0, br"}},
		{"head", http.MethodHead, []string{"Accept-Encoding", "gzip"}},
		{"revalidated", http.MethodGet, []string{"If-None-Match", etag}},
		{"revalidated gzip", http.MethodGet, []string{"If-None-Match", `"other", W/` + etagZ, "Accept-Encoding", "gzip"}},
		{"changed", http.MethodGet, []string{"If-None-Match", `"other"`}},
		{"client id", http.MethodGet, []string{requestIDHeader, "spectator-7"}},
	}
	for _, a := range asks {
		t.Run(a.name, func(t *testing.T) {
			want, got := do(chain.h, a.method, path, a.headers...), do(hot.h, a.method, path, a.headers...)
			if got.Code != want.Code || got.Body.String() != want.Body.String() {
				t.Fatalf("hot path %d %q, chain %d %q", got.Code, got.Body.String(), want.Code, want.Body.String())
			}
			for _, h := range []http.Header{want.Header(), got.Header()} {
				if a.name != "client id" {
					h.Del(requestIDHeader)
				}
				h.Del("Date")
			}
			if !equalHeaders(got.Header(), want.Header()) {
				t.Fatalf("hot path headers\n%v\nchain headers\n%v", got.Header(), want.Header())
			}
			if got.Header().Get("Content-Security-Policy") == "" {
				t.Fatal("no security headers")
			}
		})
	}
	if n := hot.b.Calls.Load(); n != 1 {
		t.Fatalf("backend called %d times for one miss and hits", n)
	}
}

func equalHeaders(a, b http.Header) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if len(b[k]) != len(v) {
			return false
		}
		for i := range v {
			if b[k][i] != v[i] {
				return false
			}
		}
	}
	return true
}

// Whatever is not a fresh copy in memory goes down the chain: signed-in previews, other
// methods, paths the root mux redirects, copies dropped by a change. An anonymous preview is
// the plain request's copy.
func TestHotPathLeavesTheRestToTheChain(t *testing.T) {
	t.Parallel()
	const path = "/api/public/events/1/divisions/2/leaderboard"
	hot := newHotChain(t, true)
	get(hot.h, path)

	for range 2 {
		r := get(hot.h, path+"?includeUnpublished=true", "Authorization", "Bearer admin")
		if r.Code != http.StatusOK || r.Header().Get("Cache-Control") != "private, no-store" {
			t.Fatalf("preview: %d %v", r.Code, r.Header())
		}
		if r := get(hot.h, path+"?includeUnpublished=true"); r.Code != http.StatusOK || r.Header().Get("Cache-Control") == "private, no-store" {
			t.Fatalf("anonymous preview: %d %v", r.Code, r.Header())
		}
	}
	if n := hot.b.Calls.Load(); n != 3 {
		t.Fatalf("backend called %d times, want 3 (one miss, two signed-in previews)", n)
	}
	if r := do(hot.h, http.MethodPost, path); r.Code != http.StatusMethodNotAllowed || r.Header().Get("Allow") != "GET, HEAD" {
		t.Fatalf("POST: %d %v", r.Code, r.Header())
	}
	if r := get(hot.h, "/api/public/events/1/divisions/3/../2/leaderboard"); r.Code/100 != 3 || r.Header().Get("Location") != path {
		t.Fatalf("unclean path: %d %v, want the root mux's redirect", r.Code, r.Header())
	}
	hot.cache.DropEvent("1")
	get(hot.h, path)
	if n := hot.b.Calls.Load(); n != 4 {
		t.Fatalf("backend called %d times after the event changed, want 4", n)
	}
}

// Hits served by the hot path are counted in the request metrics under their route and in
// the access log's hit summary, and not logged one by one at info.
func TestHotPathCountsWhatItAnswers(t *testing.T) {
	t.Parallel()
	const path = "/api/public/events/1/leaderboard"
	hot := newHotChain(t, true)
	get(hot.h, path) // the miss, logged
	ok := testutil.ToFloat64(telemetry.HTTPRequests.WithLabelValues(hotRoute, "GET", "200"))
	notModified := testutil.ToFloat64(telemetry.HTTPRequests.WithLabelValues(hotRoute, "GET", "304"))
	etag := get(hot.h, path).Header().Get("Etag")
	get(hot.h, path, "Accept-Encoding", "gzip")
	get(hot.h, path, "If-None-Match", etag)

	if d := testutil.ToFloat64(telemetry.HTTPRequests.WithLabelValues(hotRoute, "GET", "200")) - ok; d != 2 {
		t.Errorf("200s counted: %v, want 2", d)
	}
	if d := testutil.ToFloat64(telemetry.HTTPRequests.WithLabelValues(hotRoute, "GET", "304")) - notModified; d != 1 {
		t.Errorf("304s counted: %v, want 1", d)
	}
	if hot.hits.ok.Load() != 2 || hot.hits.notModified.Load() != 1 || hot.hits.bytes.Load() == 0 {
		t.Errorf("hit summary: %d answered, %d not modified, %d bytes", hot.hits.ok.Load(), hot.hits.notModified.Load(), hot.hits.bytes.Load())
	}
	if lines := hot.logs.lines("http"); len(lines) != 1 {
		t.Errorf("access log lines: %q, want the miss's only", lines)
	}
}

// A hit allocates nothing of its own, whether the client sends a request id or a new one is
// made (ids are made in batches: newRequestID). The answer's header map is made once, outside
// the count: net/http makes it, and it is the same for any handler.
// serial: AllocsPerRun counts the whole process
func TestHotPathAllocations(t *testing.T) {
	const path = "/api/public/events/1/leaderboard"
	hot := newHotChain(t, true)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	h := withSecurityHeaders(answerHits(hot.cache, http.NotFoundHandler(), log, hot.hits), newSecurityHeaders(0))
	get(hot.h, path)
	for _, c := range []struct {
		name     string
		clientID bool
		max      float64
	}{{"client id", true, 0}, {"new id", false, 0}} {
		for _, enc := range []string{"identity", "gzip"} {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			if enc == "gzip" {
				req.Header.Set("Accept-Encoding", "gzip, deflate, br")
			}
			clientID := []string{"spectator-7"}
			w := &discardWriter{h: make(http.Header, 16)}
			allocs := testing.AllocsPerRun(200, func() {
				if c.clientID {
					req.Header[requestIDHeader] = clientID
				} else {
					delete(req.Header, requestIDHeader)
				}
				h.ServeHTTP(w, req)
			})
			if w.h.Get("Etag") == "" {
				t.Fatalf("%s, %s: not answered from memory: %v", c.name, enc, w.h)
			}
			if allocs > c.max {
				t.Errorf("%s, %s: %.1f allocations per hit, want at most %.0f", c.name, enc, allocs, c.max)
			}
		}
	}
}

// hotHitAllocBudget is what a whole hot hit may allocate, net/http's answer header map
// included (made per request as net/http makes it, and grown to hold the answer's dozen
// headers): 5 measured on Go 1.26 (docs/operations.md, "The hot path"), one of margin for the
// runtime's map growth. BenchmarkHotPublicHit/hot-path reports the same count.
const hotHitAllocBudget = 6

// serial: AllocsPerRun counts the whole process
func TestHotHitAllocationBudget(t *testing.T) {
	const path = "/api/public/events/1/leaderboard"
	hot := newHotChain(t, true)
	get(hot.h, path)
	for _, ask := range []string{"identity", "gzip", "not-modified"} {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if ask != "identity" {
			req.Header.Set("Accept-Encoding", "gzip, deflate, br")
		}
		if ask == "not-modified" {
			req.Header.Set("If-None-Match", get(hot.h, path, "Accept-Encoding", "gzip").Header().Get("Etag"))
		}
		w := &discardWriter{}
		allocs := testing.AllocsPerRun(200, func() {
			w.h = make(http.Header) // net/http's, per request
			delete(req.Header, requestIDHeader)
			hot.h.ServeHTTP(w, req)
		})
		if w.h.Get("Etag") == "" || w.h.Get("X-Request-Id") == "" {
			t.Fatalf("%s: not answered from memory: %v", ask, w.h)
		}
		if allocs > hotHitAllocBudget {
			t.Errorf("%s: %.0f allocations per hot hit, the budget is %d", ask, allocs, hotHitAllocBudget)
		}
	}
}
