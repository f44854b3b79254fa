package gateway

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/singleflight"

	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// HTTP caching of the public views (ARCHITECTURE.md, "Caching and load"): every successful
// GET /api/public/* answer carries a strong ETag (a hash of its body) and revalidates to 304;
// browsers and CDNs may keep it briefly; it is gzipped when the client accepts gzip; and the
// encoded bytes (plain and gzipped) of anonymous answers are kept in memory, so a hot
// leaderboard is neither fetched nor encoded again per request.
//
// The in-memory copies are dropped, all at once,
//   - on every message on cache.GenerationChannel (any committed change anywhere),
//   - after every successful non-GET /api request through this gateway, so that a change
//     made here is visible on the very next read even before the message arrives,
//   - and after publicTTL, a safety net for messages missed while Redis was away.
//
// Admin previews (includeUnpublished) are private, no-store and never kept; requests with an
// Authorization header bypass the in-memory copies (they are still tagged and gzipped).

const (
	publicPrefix = "/api/public/"
	// publicTTL is how long an in-memory copy is served without asking public-svc again.
	publicTTL = time.Second
	// publicMaxBytes and publicMaxEntries bound the in-memory copies; the oldest go first.
	publicMaxBytes   = 64 << 20
	publicMaxEntries = 4096
	// gzipMinBytes: smaller bodies are sent as they are.
	gzipMinBytes = 512
)

var (
	publicCacheControl  = []string{"public, max-age=5, stale-while-revalidate=30"}
	privateCacheControl = []string{"private, no-store"}
	varyAcceptEncoding  = []string{"Accept-Encoding"}
	gzipEncoding        = []string{"gzip"}
)

// publicEntry is one encoded answer. Its header values are built once and shared by every
// response that serves it (net/http only reads them).
type publicEntry struct {
	key         string
	body, gz    []byte
	etag, etagZ string // quoted; etagZ is the gzipped representation's
	hETag       []string
	hETagZ      []string
	hLen, hLenZ []string
	contentType []string
	disposition []string // Content-Disposition of a download, else nil
	route       string   // the route template, for metrics of answers served from memory
	expires     int64    // unix nanoseconds
	elem        *list.Element
}

func (e *publicEntry) size() int64 { return int64(len(e.body) + len(e.gz) + len(e.key) + 256) }

// publicCache wraps the /api handler.
type publicCache struct {
	next http.Handler
	log  *slog.Logger
	ttl  time.Duration

	mu      sync.RWMutex
	entries map[string]*publicEntry
	order   *list.List // of *publicEntry, oldest first
	bytes   int64
	// epoch goes up on every invalidation; an answer fetched in an older epoch is not kept.
	epoch atomic.Uint64

	flights singleflight.Group
}

func newPublicCache(ctx context.Context, next http.Handler, rdb *redis.Client, log *slog.Logger) *publicCache {
	if log == nil {
		log = slog.Default()
	}
	c := &publicCache{next: next, log: log, ttl: publicTTL, entries: map[string]*publicEntry{}, order: list.New()}
	if rdb != nil {
		go c.follow(ctx, rdb)
	}
	return c
}

// withPublicCache is the hook gateway.New puts around the /api handler.
func withPublicCache(ctx context.Context, api http.Handler, opts Options) http.Handler {
	return newPublicCache(ctx, api, opts.Redis, opts.Log)
}

func (c *publicCache) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		if r.Method == http.MethodHead || r.Method == http.MethodOptions {
			c.next.ServeHTTP(w, r)
			return
		}
		iw := &invalidatingWriter{ResponseWriter: w, c: c}
		c.next.ServeHTTP(iw, r)
		if iw.status < 400 {
			c.invalidate()
		}
		return
	}
	if !strings.HasPrefix(r.URL.Path, publicPrefix) {
		c.next.ServeHTTP(w, r)
		return
	}
	if isPreview(r.URL.RawQuery) {
		c.servePreview(w, r)
		return
	}
	if r.Header.Get("Authorization") != "" {
		rec := record(c.next, r)
		if rec.status != http.StatusOK {
			rec.replay(w)
			return
		}
		c.serve(w, r, newPublicEntry("", rec, 0))
		return
	}

	key := r.URL.Path + "?" + r.URL.RawQuery
	if e := c.lookup(key); e != nil {
		telemetry.PublicCache.WithLabelValues("gateway", "hit").Inc()
		c.serve(w, r, e)
		return
	}
	telemetry.PublicCache.WithLabelValues("gateway", "miss").Inc()
	epoch := c.epoch.Load()
	// One fetch per path and epoch: a request that comes after an invalidation never joins a
	// fetch that started before it.
	v, _, _ := c.flights.Do(key+"\x00"+strconv.FormatUint(epoch, 10), func() (any, error) {
		// Shared by every waiter: it must not end when the first client goes away (the
		// backend deadline still bounds it).
		rec := record(c.next, r.WithContext(context.WithoutCancel(r.Context())))
		if rec.status != http.StatusOK {
			return rec, nil
		}
		e := newPublicEntry(key, rec, time.Now().Add(c.ttl).UnixNano())
		e.route = routeOf(r.Context())
		c.store(e, epoch)
		return e, nil
	})
	switch v := v.(type) {
	case *publicEntry:
		c.serve(w, r, v)
	case *recorder:
		v.replay(w)
	}
}

// servePreview answers an admin preview: never kept, never shared.
func (c *publicCache) servePreview(w http.ResponseWriter, r *http.Request) {
	rec := record(c.next, r)
	if rec.status != http.StatusOK {
		rec.replay(w)
		return
	}
	h := w.Header()
	h["Content-Type"] = rec.contentType()
	h["Cache-Control"] = privateCacheControl
	h["Vary"] = varyAcceptEncoding
	body := rec.body.Bytes()
	if len(body) >= gzipMinBytes && acceptsGzip(r.Header.Get("Accept-Encoding")) {
		if z := gzipBytes(body); len(z) < len(body) {
			h["Content-Encoding"] = gzipEncoding
			body = z
		}
	}
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	w.WriteHeader(http.StatusOK)
	w.Write(body) //nolint:errcheck // the client went away
}

// serve writes an entry: 304 when the client has it, gzipped when the client accepts it.
func (c *publicCache) serve(w http.ResponseWriter, r *http.Request, e *publicEntry) {
	if e.route != "" {
		setRoute(r.Context(), e.route)
	}
	h := w.Header()
	h["Cache-Control"] = publicCacheControl
	h["Vary"] = varyAcceptEncoding
	zipped := e.gz != nil && acceptsGzip(r.Header.Get("Accept-Encoding"))
	if zipped {
		h["Etag"] = e.hETagZ
	} else {
		h["Etag"] = e.hETag
	}
	if inm := r.Header.Get("If-None-Match"); inm != "" && etagMatches(inm, e) {
		telemetry.PublicCache.WithLabelValues("gateway", "revalidated").Inc()
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h["Content-Type"] = e.contentType
	if e.disposition != nil {
		h["Content-Disposition"] = e.disposition
	}
	body := e.body
	if zipped {
		h["Content-Encoding"] = gzipEncoding
		h["Content-Length"] = e.hLenZ
		body = e.gz
	} else {
		h["Content-Length"] = e.hLen
	}
	w.WriteHeader(http.StatusOK)
	w.Write(body) //nolint:errcheck // the client went away
}

func (c *publicCache) lookup(key string) *publicEntry {
	now := time.Now().UnixNano()
	c.mu.RLock()
	e := c.entries[key]
	c.mu.RUnlock()
	if e == nil || now >= e.expires {
		return nil
	}
	return e
}

// store keeps an entry fetched in epoch, unless an invalidation came in between.
func (c *publicCache) store(e *publicEntry, epoch uint64) {
	if e.size() > publicMaxBytes/8 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.epoch.Load() != epoch {
		return
	}
	if old := c.entries[e.key]; old != nil {
		c.remove(old)
	}
	e.elem = c.order.PushBack(e)
	c.entries[e.key] = e
	c.bytes += e.size()
	for c.bytes > publicMaxBytes || len(c.entries) > publicMaxEntries {
		c.remove(c.order.Front().Value.(*publicEntry))
	}
}

func (c *publicCache) remove(e *publicEntry) {
	c.order.Remove(e.elem)
	delete(c.entries, e.key)
	c.bytes -= e.size()
}

// invalidate drops every in-memory copy.
func (c *publicCache) invalidate() {
	telemetry.PublicCacheInvalidations.WithLabelValues("gateway").Inc()
	c.mu.Lock()
	c.epoch.Add(1)
	if len(c.entries) > 0 {
		c.entries = map[string]*publicEntry{}
		c.order.Init()
		c.bytes = 0
	}
	c.mu.Unlock()
}

// invalidateEvent drops the copies a change to one event can alter: that event's views, the
// event list and team pages (whose paths do not name their event). With many events live at
// once, a result saved in one no longer empties every other event's hot leaderboards.
func (c *publicCache) invalidateEvent(eventID string) {
	if eventID == "" || eventID == cache.AllEvents {
		c.invalidate()
		return
	}
	eventPath := "/api/public/events/" + eventID + "/"
	eventItself := "/api/public/events/" + eventID + "?"
	telemetry.PublicCacheInvalidations.WithLabelValues("gateway").Inc()
	c.mu.Lock()
	c.epoch.Add(1)
	for key, e := range c.entries {
		if strings.HasPrefix(key, eventPath) || strings.HasPrefix(key, eventItself) ||
			strings.HasPrefix(key, "/api/public/events?") || strings.HasPrefix(key, "/api/public/teams/") {
			c.remove(e)
		}
	}
	c.mu.Unlock()
}

// follow drops the in-memory copies on every generation bump, until ctx ends. go-redis
// reconnects and resubscribes by itself; a (re)subscription drops them too, since messages
// may have been missed meanwhile.
func (c *publicCache) follow(ctx context.Context, rdb *redis.Client) {
	ps := rdb.Subscribe(ctx, cache.GenerationChannel)
	defer ps.Close()
	backoff := 50 * time.Millisecond
	for {
		msg, err := ps.ReceiveTimeout(ctx, 15*time.Second)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			if isTimeout(err) {
				ps.Ping(ctx) //nolint:errcheck // a dead connection shows up on the next receive
				continue
			}
			c.invalidate()
			select {
			case <-ctx.Done():
				return
			case <-time.After(backoff):
			}
			backoff = min(backoff*2, 2*time.Second)
			continue
		}
		backoff = 50 * time.Millisecond
		switch m := msg.(type) {
		case *redis.Message:
			c.invalidateEvent(m.Payload)
		case *redis.Subscription:
			c.invalidate()
		}
	}
}

func isTimeout(err error) bool {
	t, ok := err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}

// ---- entries ------------------------------------------------------------------------------

func newPublicEntry(key string, rec *recorder, expires int64) *publicEntry {
	body := bytes.Clone(rec.body.Bytes())
	sum := sha256.Sum256(body)
	tag := base64.RawURLEncoding.EncodeToString(sum[:18])
	e := &publicEntry{
		key: key, body: body, expires: expires,
		etag: `"` + tag + `"`, etagZ: `"` + tag + `-gz"`,
		contentType: rec.contentType(),
		disposition: rec.header.Values("Content-Disposition"),
	}
	e.hETag, e.hETagZ = []string{e.etag}, []string{e.etagZ}
	e.hLen = []string{strconv.Itoa(len(body))}
	if len(body) >= gzipMinBytes {
		if z := gzipBytes(body); len(z) < len(body) {
			e.gz = z
			e.hLenZ = []string{strconv.Itoa(len(z))}
		}
	}
	return e
}

func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	zw.Write(b) //nolint:errcheck // writes to memory
	zw.Close()  //nolint:errcheck // writes to memory
	return buf.Bytes()
}

// etagMatches applies If-None-Match (weak comparison, RFC 9110 §13.1.2) against both
// representations of the entry.
func etagMatches(header string, e *publicEntry) bool {
	for _, part := range strings.Split(header, ",") {
		tag := strings.TrimSpace(part)
		if tag == "*" {
			return true
		}
		tag = strings.TrimPrefix(tag, "W/")
		if tag == e.etag || tag == e.etagZ {
			return true
		}
	}
	return false
}

// acceptsGzip reads Accept-Encoding: gzip (or *) with a non-zero quality.
func acceptsGzip(header string) bool {
	if header == "" {
		return false
	}
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != "gzip" && name != "x-gzip" && name != "*" {
			continue
		}
		if q, ok := qValue(params); ok && q == 0 {
			if name == "*" {
				continue
			}
			return false
		}
		return true
	}
	return false
}

func qValue(params string) (float64, bool) {
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return q, err == nil
		}
	}
	return 0, false
}

// isPreview reports an admin-preview request: includeUnpublished (or include_unpublished)
// set to anything but a false value.
func isPreview(rawQuery string) bool {
	if !strings.Contains(strings.ToLower(rawQuery), "include") {
		return false
	}
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return true // when in doubt, do not share
	}
	for _, name := range []string{"includeUnpublished", "include_unpublished"} {
		for _, v := range q[name] {
			if b, err := strconv.ParseBool(v); err != nil || b {
				return true
			}
		}
	}
	return false
}

// ---- recording ----------------------------------------------------------------------------

// recorder holds a whole answer of the wrapped handler.
type recorder struct {
	header      http.Header
	status      int
	wroteHeader bool
	body        bytes.Buffer
}

func record(h http.Handler, r *http.Request) *recorder {
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	h.ServeHTTP(rec, r)
	return rec
}

func (r *recorder) Header() http.Header { return r.header }

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

// invalidatingWriter drops the in-memory copies as soon as a write call answers with
// success, before its answer reaches the client.
type invalidatingWriter struct {
	http.ResponseWriter
	c           *publicCache
	status      int
	wroteHeader bool
}

func (w *invalidatingWriter) WriteHeader(code int) {
	if !w.wroteHeader {
		w.status, w.wroteHeader = code, true
		if code < 400 {
			w.c.invalidate()
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
