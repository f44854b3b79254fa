package publiccache

import (
	"bytes"
	"net/http"

	"github.com/podium-dev/podium/internal/platform/changes"
)

// The response writers of the public cache (cache.go): recorder holds a whole answer
// to keep; invalidatingWriter drops copies when a write through the gateway succeeds.

// recorder holds a whole answer of the wrapped handler.
type recorder struct {
	header      http.Header
	status      int
	wroteHeader bool
	body        bytes.Buffer
	route       string // the route template, named by the grpc-gateway mux (SetRoute)
}

func record(h http.Handler, r *http.Request) *recorder {
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	h.ServeHTTP(rec, r)
	return rec
}

func (r *recorder) Header() http.Header { return r.header }

// SetRoute is how the gateway's route naming (Hooks.SetRoute) names the fetch's route.
func (r *recorder) SetRoute(route string) { r.route = route }

func (r *recorder) WriteHeader(code int) {
	if !r.wroteHeader {
		r.status, r.wroteHeader = code, true
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(b)
}

func (r *recorder) contentType() []string {
	if ct := r.header.Get("Content-Type"); ct != "" {
		return []string{ct}
	}
	return []string{"application/json"}
}

// replay writes the recorded answer as it is (errors keep their own Cache-Control).
func (r *recorder) replay(w http.ResponseWriter) {
	h := w.Header()
	for k, v := range r.header {
		h[k] = v
	}
	w.WriteHeader(r.status)
	w.Write(r.body.Bytes()) //nolint:errcheck // the client went away
}

// invalidatingWriter drops the in-memory copies of the events a write changed, and their
// filed change numbers, as soon as it answers with success, before its answer reaches the
// client. The services name those
// events in the gRPC header changes.ChangedEventsHeader (grpc-gateway passes it on as an HTTP
// header, which is removed here); a write that changed nothing public names none.
type invalidatingWriter struct {
	http.ResponseWriter
	c           *Cache
	status      int
	wroteHeader bool
}

func (w *invalidatingWriter) WriteHeader(code int) {
	if !w.wroteHeader {
		w.status, w.wroteHeader = code, true
		h := w.Header()
		changed := h.Values(changes.ChangedEventsHeader)
		h.Del(changes.ChangedEventsHeader)
		if code < 400 {
			for _, id := range changed {
				w.c.forgetSeq(id)
				w.c.recheckEvent(id)
			}
		}
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *invalidatingWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

func (w *invalidatingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
