package gateway

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel/trace"

	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// Metrics and span names use the route template ("/api/events/{eventId}"), which is known
// only deep inside the handler chain. The label travels with the response writer rather than
// in the request's context, which would cost a context and a copy of the request on every
// request: the outermost middleware's statusRecorder holds it, and whoever learns the route
// fills it in through the writer it was given (the grpc-gateway mux for API calls, the public
// cache for answers it serves from memory; the public cache's own recorder holds the label of
// the fetch it makes on a miss).
//
// It also carries whether the answer came from the public cache's memory, for the access
// log (withRequestLog).
type routeLabel struct {
	name       string
	fromMemory bool
}

// labelOf is the route label of the request w answers: the outermost middleware's, or nil
// when there is none.
func labelOf(w http.ResponseWriter) *routeLabel {
	for {
		switch x := w.(type) {
		case *statusRecorder:
			return &x.label
		case interface{ Unwrap() http.ResponseWriter }:
			w = x.Unwrap()
		default:
			return nil
		}
	}
}

// routeNamer is a writer that keeps the route of its own answer: the public cache's recorder
// of a fetch (gateway/publiccache).
type routeNamer interface{ SetRoute(route string) }

// setRoute names the route of the request that w answers (the innermost recorder's on the
// writer chain), and its span when tracing is on.
func setRoute(w http.ResponseWriter, r *http.Request, route string) {
	for done := false; !done; {
		switch x := w.(type) {
		case *statusRecorder:
			x.label.name, done = route, true
		case routeNamer:
			x.SetRoute(route)
			done = true
		case interface{ Unwrap() http.ResponseWriter }:
			w = x.Unwrap()
		default:
			done = true
		}
	}
	trace.SpanFromContext(r.Context()).SetName(route)
}

// servedFromMemory notes that w's request was answered from the public cache's memory.
func servedFromMemory(w http.ResponseWriter) {
	if l := labelOf(w); l != nil {
		l.fromMemory = true
	}
}

// observeRequests counts and times every request by route template, method and status.
func observeRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK, start: time.Now()}
		telemetry.HTTPInFlight.Inc()
		defer telemetry.HTTPInFlight.Dec()
		next.ServeHTTP(rec, r)
		observe(r, rec.label.name, rec.status, rec.bytes, rec.start)
	})
}

// observe counts and times one answer; route is its template, when known.
func observe(r *http.Request, route string, status int, bytes int64, start time.Time) {
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
	s := seriesFor(route, methodLabel(r.Method), status)
	s.requests.Inc()
	s.duration.Observe(time.Since(start).Seconds())
	s.bytes.Add(float64(bytes))
}

// httpSeries are the metric series of one route, method and status. Looking the three up by
// their labels costs more than the request they count on a cache hit, so they are found
// once and kept (a few hundred combinations at most: routes are templates).
type httpSeries struct {
	requests, bytes prometheus.Counter
	duration        prometheus.Observer
}

type seriesKey struct {
	route, method string
	status        int
}

var httpSeriesCache sync.Map // seriesKey → *httpSeries

func seriesFor(route, method string, status int) *httpSeries {
	key := seriesKey{route, method, status}
	if s, ok := httpSeriesCache.Load(key); ok {
		return s.(*httpSeries)
	}
	s := &httpSeries{
		requests: telemetry.HTTPRequests.WithLabelValues(route, method, statusText(status)),
		duration: telemetry.HTTPDuration.WithLabelValues(route, method),
		bytes:    telemetry.HTTPResponseBytes.WithLabelValues(route),
	}
	actual, _ := httpSeriesCache.LoadOrStore(key, s)
	return actual.(*httpSeries)
}

// methodLabel keeps the method label to the methods HTTP defines: anyone can send any word.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return m
	}
	return "other"
}

// statusTexts are the status codes as label values, made once (strconv would allocate per
// request for codes above 99).
var statusTexts = func() (t [600]string) {
	for code := range t {
		t[code] = strconv.Itoa(code)
	}
	return t
}()

func statusText(code int) string {
	if code >= 0 && code < len(statusTexts) {
		return statusTexts[code]
	}
	return strconv.Itoa(code)
}

// nameRoute is the grpc-gateway mux middleware that names API routes by their template.
func nameRoute(next runtime.HandlerFunc) runtime.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, params map[string]string) {
		if p, ok := runtime.HTTPPattern(r.Context()); ok {
			// "/api/events/{id=*}" → "/api/events/{id}", as proto/http.yaml writes it.
			setRoute(w, r, strings.ReplaceAll(p.String(), "=*}", "}"))
		}
		next(w, r, params)
	}
}
