package gateway

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// The hot path (docs/operations.md, "The hot path"): a public view the public cache holds in
// memory is answered before the rest of the chain runs. A hot leaderboard is asked thousands
// of times a second, and on such a hit the root mux's routing, the recorder around the
// writer and the walks to find it cost more than the answer itself. Everything a hit
// needs is kept and done here directly: the security headers (set outside), the request id,
// the answer with its ETag/304, Vary and gzip negotiation (publicCache.serve, written in one
// TCP send), the hit counts of the access log and the request metrics. A request that is
// not a hit goes down the chain as before, and the public cache answers hits there too (the
// gateway with tracing on, whose spans need the whole chain, does not use this path).

// answerHits answers the hits of c itself and passes every other request to next.
func answerHits(c *publicCache, next http.Handler, log *slog.Logger, hits *hitSummary) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e := c.memoryHit(r)
		if e == nil {
			next.ServeHTTP(w, r)
			return
		}
		start := time.Now()
		telemetry.HTTPInFlight.Inc()
		id := setRequestID(w, r)
		gatewayHits.Inc()
		status, written := c.serve(w, r, e)
		observe(r, e.route, status, written, start)
		telemetry.HTTPInFlight.Dec()
		logRequest(r, log, hits, id, true, status, written, start)
	})
}

// memoryHit is the entry that answers r from memory, if there is one: r is a GET or HEAD of
// a public view, and its reduced request is held, shared and fresh. Held keys are clean
// paths (the root mux redirects the others before they reach the cache), so a path the mux
// would redirect never matches one.
func (c *publicCache) memoryHit(r *http.Request) *publicEntry {
	if r.Method != http.MethodGet && r.Method != http.MethodHead || !strings.HasPrefix(r.URL.Path, publicPrefix) {
		return nil
	}
	p := c.reducePublic(r.URL, r.Header.Get("Authorization") != "")
	if p.private {
		return nil
	}
	e, _ := c.lookup(p)
	return e
}
