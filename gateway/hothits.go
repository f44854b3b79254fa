package gateway

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/podium-dev/podium/gateway/publiccache"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// The hot path (docs/operations.md, "The hot path"): a public view the public cache holds in
// memory is answered before the rest of the chain runs. A hot leaderboard is asked thousands
// of times a second, and on such a hit the root mux's routing, the recorder around the
// writer and the walks to find it cost more than the answer itself. Everything a hit
// needs is kept and done here directly: the security headers (set outside), the request id,
// the answer with its ETag/304, Vary and gzip negotiation (publiccache.Cache.ServeHit, written in one
// TCP send), the hit counts of the access log and the request metrics. A request that is
// not a hit goes down the chain as before, and the public cache answers hits there too (the
// gateway with tracing on, whose spans need the whole chain, does not use this path).

// answerHits answers the hits of c itself and passes every other request to next.
func answerHits(c *publiccache.Cache, next http.Handler, log *slog.Logger, hits *hitSummary) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e := c.Hit(r)
		if e == nil {
			next.ServeHTTP(w, r)
			return
		}
		start := time.Now()
		telemetry.HTTPInFlight.Inc()
		id := setRequestID(w, r)
		status, written := c.ServeHit(w, r, e)
		observe(r, e.Route(), status, written, start)
		telemetry.HTTPInFlight.Dec()
		logRequest(r, log, hits, id, true, status, written, start)
	})
}
