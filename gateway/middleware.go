package gateway

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc/codes"
)

const requestIDHeader = "X-Request-Id"

// withRequestLog gives every request an id, returns it in X-Request-Id and logs one
// structured line per request, except for successful public answers served from the public
// cache's memory: at thousands per second their lines would cost more than the answers
// (docs/operations.md, "Logs"). Those are counted in hits, which logs one line per
// hitSummaryEvery, and logged one by one only at debug level. Errors, misses and admin calls
// keep their lines.
func withRequestLog(next http.Handler, log *slog.Logger, hits *hitSummary) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec, shared := w.(*statusRecorder) // observeRequests' recorder, when it runs outside
		if !shared {
			rec = &statusRecorder{ResponseWriter: w, status: http.StatusOK, start: time.Now()}
		}
		id := setRequestID(w, r)
		next.ServeHTTP(rec, r)
		logRequest(r, log, hits, id, rec.label.fromMemory, rec.status, rec.bytes, rec.start)
	})
}

// setRequestID gives the request its id and puts it in the answer's X-Request-Id. When
// tracing is on the id is the trace id, so a log line leads to its trace; otherwise the
// client's id is kept when it is sane. Incoming header names are canonical (net/http), so
// the map is read directly; one slice serves the request (forwarded to the services) and the
// answer.
func setRequestID(w http.ResponseWriter, r *http.Request) string {
	ids := r.Header[requestIDHeader]
	if sc := trace.SpanContextFromContext(r.Context()); sc.IsValid() {
		ids = []string{sc.TraceID().String()}
		r.Header[requestIDHeader] = ids
	} else if len(ids) == 0 || !validRequestID(ids[0]) {
		ids = newRequestID()
		r.Header[requestIDHeader] = ids
	}
	ids = ids[:1:1]
	w.Header()[requestIDHeader] = ids
	return ids[0]
}

// logRequest logs the request's line, or counts it in hits when it is a successful answer
// from memory.
func logRequest(r *http.Request, log *slog.Logger, hits *hitSummary, id string, fromMemory bool, status int, bytes int64, start time.Time) {
	level := slog.LevelInfo
	if fromMemory && status < 400 {
		hits.add(status, bytes)
		level = slog.LevelDebug
	}
	if !log.Enabled(r.Context(), level) {
		return
	}
	log.LogAttrs(r.Context(), level, "http",
		slog.String("requestId", id), slog.String("method", r.Method), slog.String("path", r.URL.Path),
		slog.Int("status", status), slog.Int64("bytes", bytes), slog.Duration("took", time.Since(start)))
}

// hitSummaryEvery is how often the count of unlogged public cache hits is logged.
const hitSummaryEvery = time.Minute

// hitSummary counts the public answers served from memory that were not logged one by one.
type hitSummary struct {
	ok, notModified, bytes atomic.Int64
}

func (h *hitSummary) add(status int, bytes int64) {
	if status == http.StatusNotModified {
		h.notModified.Add(1)
	} else {
		h.ok.Add(1)
	}
	h.bytes.Add(bytes)
}

// newHitSummary returns a summary that logs its counts every hitSummaryEvery until ctx ends.
func newHitSummary(ctx context.Context, log *slog.Logger) *hitSummary {
	h := &hitSummary{}
	go h.run(ctx, log, hitSummaryEvery)
	return h
}

// run logs the counts of every period with hits, until ctx ends.
func (h *hitSummary) run(ctx context.Context, log *slog.Logger, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		ok, nm, b := h.ok.Swap(0), h.notModified.Swap(0), h.bytes.Swap(0)
		if ok+nm > 0 {
			log.LogAttrs(ctx, slog.LevelInfo, "public cache hits",
				slog.Int64("answered", ok), slog.Int64("notModified", nm), slog.Int64("bytes", b), slog.Duration("period", every))
		}
	}
}

func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// newRequestID returns a new request id as the header value that holds it: 64 random bits in
// hex. They only need to be unique, so the runtime's fast generator serves (crypto/rand would
// cost a system call on every request). They are made requestIDBatch at a time, their text in
// one string and their header values in one array, each value a slice of it of capacity one
// (an Add to the header copies it): a request that needs a new id, a hot hit among them,
// allocates nothing for it (docs/operations.md, "The hot path").
func newRequestID() []string {
	requestIDs.Lock()
	defer requestIDs.Unlock()
	if len(requestIDs.left) == 0 {
		var text [requestIDBatch * 16]byte
		var b [8]byte
		for i := range requestIDBatch {
			binary.LittleEndian.PutUint64(b[:], rand.Uint64())
			hex.Encode(text[i*16:], b[:])
		}
		all := string(text[:])
		requestIDs.left = make([]string, requestIDBatch)
		for i := range requestIDs.left {
			requestIDs.left[i] = all[i*16 : (i+1)*16]
		}
	}
	v := requestIDs.left[:1:1]
	requestIDs.left = requestIDs.left[1:]
	return v
}

const requestIDBatch = 64

// requestIDs are the new ids made and not handed out yet.
var requestIDs struct {
	sync.Mutex
	left []string
}

// statusRecorder is the one wrapper of the response writer on every request: the status and
// bytes of the answer, when it started, and the request's route label (observe.go).
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
	start  time.Time
	label  routeLabel
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// limitBody refuses bodies over max (a file route's: bodyLimit): at once when Content-Length
// says so, and while reading otherwise (the error handler turns that into 413 too).
func limitBody(next http.Handler, limit int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		max := bodyLimit(r, limit)
		allowLargeBody(w, r)
		if r.ContentLength > max {
			writeError(w, http.StatusRequestEntityTooLarge, errorBody{Code: codes.InvalidArgument, Message: "The request body is too large."})
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, max)
		next.ServeHTTP(w, r)
	})
}

// withBackendDeadline bounds the whole backend call chain of a request (a file route's:
// backendTimeout).
func withBackendDeadline(next http.Handler, timeout time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), backendTimeout(r, timeout))
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}
