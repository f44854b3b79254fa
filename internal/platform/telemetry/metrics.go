package telemetry

import "github.com/prometheus/client_golang/prometheus"

// Podium's own metrics. They are process-wide (several test stacks in one process add up);
// each Telemetry's registry exposes them. docs/operations.md says what each one is for.
var (
	// PublicCache counts public-view lookups by layer ("gateway" memory, "redis") and result
	// ("hit", "miss"; at the gateway also "revalidated": a 304 for a client's ETag).
	PublicCache = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "podium_public_cache_requests_total",
		Help: "Public view lookups by cache layer and result (hit, miss, revalidated).",
	}, []string{"layer", "result"})

	// PublicCacheInvalidations counts how often a layer dropped copies because something changed.
	PublicCacheInvalidations = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "podium_public_cache_invalidations_total",
		Help: "Invalidations of cached public views by layer.",
	}, []string{"layer"})

	// ViewRebuild times building one public view from the services after a miss.
	ViewRebuild = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "podium_public_view_rebuild_seconds",
		Help:    "Time to build a public view (leaderboards, event pages) after a cache miss.",
		Buckets: latencyBuckets,
	}, []string{"view"})

	// ResultSaves counts committed result writes (single and batch) and ResultRows their rows.
	ResultSaves = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "podium_result_saves_total",
		Help: "Committed result saves (a batch counts once).",
	})
	ResultRows = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "podium_result_rows_saved_total",
		Help: "Result rows written by committed saves.",
	})

	// Logins counts sign-in attempts by outcome: "success", "failure" (wrong credentials),
	// "locked" (refused by the sign-in limits).
	Logins = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "podium_logins_total",
		Help: "Sign-in attempts by outcome (success, failure, locked).",
	}, []string{"outcome"})

	// BoardRankings times the rankings of a division's kept board (docs/boards.md) and
	// BoardRowsWritten counts the rows they rewrote: a ranking writes only what changed.
	BoardRankings = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "podium_board_ranking_seconds",
		Help:    "Time to rank a division's kept board and write its changed rows.",
		Buckets: latencyBuckets,
	})
	BoardRowsWritten = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "podium_board_rows_written_total",
		Help: "Board rows written (or deleted) by rankings.",
	})
)

// Live push: the spectators' streams a gateway holds, and those it turned away at its cap.
var (
	LiveStreams = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "podium_live_streams_open",
		Help: "Live update streams (Server-Sent Events) open now.",
	})
	LiveStreamsRefused = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "podium_live_streams_refused_total",
		Help: "Live update streams refused with 503 because the gateway was at its cap or shutting down.",
	})
)

var podiumCollectors = []prometheus.Collector{
	PublicCache, PublicCacheInvalidations, ViewRebuild, ResultSaves, ResultRows, BoardRankings, BoardRowsWritten, Logins, LiveStreams, LiveStreamsRefused,
	HTTPRequests, HTTPDuration, HTTPInFlight, HTTPResponseBytes,
}

func init() {
	// Series that exist before the first event, so dashboards and alerts see zero, not "no data".
	for _, layer := range []string{"gateway", "redis"} {
		for _, result := range []string{"hit", "miss"} {
			PublicCache.WithLabelValues(layer, result)
		}
		PublicCacheInvalidations.WithLabelValues(layer)
	}
	PublicCache.WithLabelValues("gateway", "revalidated")
	PublicCache.WithLabelValues("gateway", "renewed")
	for _, outcome := range []string{"success", "failure", "locked"} {
		Logins.WithLabelValues(outcome)
	}
}

// HTTP metrics of the gateway, by route template (never the raw path: ids would make a
// series per team).
var (
	HTTPRequests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "podium_http_requests_total",
		Help: "HTTP requests answered by the gateway, by route template, method and status.",
	}, []string{"route", "method", "status"})
	HTTPDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "podium_http_request_duration_seconds",
		Help:    "Time to answer an HTTP request, by route template and method.",
		Buckets: latencyBuckets,
	}, []string{"route", "method"})
	HTTPInFlight = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "podium_http_requests_in_flight",
		Help: "HTTP requests being answered now.",
	})
	HTTPResponseBytes = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "podium_http_response_bytes_total",
		Help: "Response body bytes sent, by route template.",
	}, []string{"route"})
)
