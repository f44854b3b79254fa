package publiccache

import (
	"container/list"
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// HTTP caching of the public views (docs/architecture.md, "Reading the public site"; docs/operations.md,
// "Caching"), as public-svc advises on each answer (cache.Advice: shared or private, the
// parameters the view read, the canonical query, the event): only GET and HEAD reach a public
// view (405 otherwise); every shared answer carries a strong ETag (a hash of its body) and
// revalidates to 304; browsers and CDNs may keep it briefly; it is gzipped when the client
// accepts gzip; and the encoded bytes (plain and gzipped) are kept in memory under the
// canonical request, so a hot leaderboard is neither fetched nor encoded again per request.
// A shared answer is the same whoever asks, so a signed-in caller is served the same copies;
// it is fetched without the caller's credentials.
//
// The in-memory copies of an event are dropped
//   - on every message on the deployment's change channel (changes.Channel, followed in gateway/changes.go: a committed change
//     of that event, published by results-svc and competition-svc),
//   - when a successful write through this gateway names the event (invalidatingWriter in
//     writers.go), so that a change made here is visible on the very next read even
//     before the message arrives,
//   - and after the TTL (publicTTL), which bounds staleness when messages are lost (Redis away):
//     public-svc keys its own cache by the event's versions in PostgreSQL.
//
// Private answers (previews for a caller with a grant) are private, no-store, never kept nor
// shared, and fetched with the caller's credentials; a preview asked without credentials is the
// shared request (query.go), and one whose credentials do not allow it is served as the
// shared answer public-svc says it is. Every other /api answer is no-store.

const (
	publicPrefix = "/api/public/"
	// publicTTL is how long an in-memory copy is served without asking public-svc again,
	// unless Options.TTL says otherwise.
	publicTTL = time.Second
	// publicMaxBytes and publicMaxEntries bound the in-memory copies; the oldest go first.
	publicMaxBytes   = 64 << 20
	publicMaxEntries = 4096
	// gzipMinBytes: smaller bodies are sent as they are.
	gzipMinBytes = 512
)

var (
	noStore             = []string{"no-store"}
	allowGetHead        = []string{"GET, HEAD"}
	publicCacheControl  = []string{"public, max-age=5, stale-while-revalidate=30"}
	privateCacheControl = []string{"private, no-store"}
	varyAcceptEncoding  = []string{"Accept-Encoding"}
	gzipEncoding        = []string{"gzip"}
)

// The gateway layer's counts, looked up once: by label on every hit they would cost more
// than the rest of the hit's own work.
var (
	gatewayHits          = telemetry.PublicCache.WithLabelValues("gateway", "hit")
	gatewayMisses        = telemetry.PublicCache.WithLabelValues("gateway", "miss")
	gatewayRevalidated   = telemetry.PublicCache.WithLabelValues("gateway", "revalidated")
	gatewayInvalidations = telemetry.PublicCacheInvalidations.WithLabelValues("gateway")
)

// Cache wraps the /api handler.
type Cache struct {
	next  http.Handler
	log   *slog.Logger
	ttl   time.Duration
	hooks Hooks

	mu      sync.RWMutex
	entries map[string]*Entry // by canonical request
	order   *list.List        // of *Entry, oldest first
	bytes   int64
	// shapes are the parameters each path's view reads, and aliases where the answer to a
	// reduced request that is not canonical is filed, both as public-svc advised; bounded
	// apart from the entries, so odd requests never push a hot copy out.
	shapes  map[string]viewShape
	aliases map[string]publicAlias
	// epoch goes up on every invalidation; an answer whose event was not known when its fetch
	// started is not kept if it went up meanwhile (fetchStamp).
	epoch atomic.Uint64
	// seqs are the events' latest change numbers this gateway knows, events the event of each
	// path's view, as public-svc advised, and seqSource reads a change number from Redis
	// (change.go); bounded like shapes.
	seqs      map[string]int64
	events    map[string]string
	seqSource SeqReader
	// sources checks whether kept copies may be renewed (renew.go); nil: never. checks
	// are each event's last check, gens count each event's changes (a check that started before
	// one is not kept), and wipes count the invalidations of everything.
	sources SourcesReader
	checks  map[string]sourcesCheck
	gens    map[string]uint64
	wipes   atomic.Uint64

	flights singleflight.Group
}

func newCache(next http.Handler, log *slog.Logger) *Cache {
	if log == nil {
		log = slog.Default()
	}
	c := &Cache{next: next, log: log, ttl: publicTTL, hooks: Hooks{}.withDefaults(), entries: map[string]*Entry{}, order: list.New(),
		shapes: map[string]viewShape{}, aliases: map[string]publicAlias{}, seqs: map[string]int64{}, events: map[string]string{},
		checks: map[string]sourcesCheck{}, gens: map[string]uint64{}}
	return c
}

func (c *Cache) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.HasPrefix(r.URL.Path, publicPrefix) {
		c.serveAdmin(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		// A public view is read only: no other method reaches its handler (grpc-gateway would
		// answer a form POST with the GET handler).
		w.Header()["Allow"] = allowGetHead
		c.hooks.MethodNotAllowed(w)
		return
	}
	signedIn := r.Header.Get("Authorization") != ""
	p := c.reducePublic(r.URL, signedIn)
	private := p.private
	if !private {
		var e *Entry
		if e, private = c.lookup(p); e != nil {
			gatewayHits.Inc()
			c.hooks.ServedFromMemory(w)
			c.serve(w, r, e)
			return
		}
	}
	if p.change > 0 && !private {
		if ev := c.pathEvent(p.path); ev != "" && !c.changeExists(r.Context(), ev, p.change) {
			// A change the event has not reached: what is held, kept by nobody.
			if held, _ := c.lookup(publicRequest{path: p.path, query: p.query, known: p.known}); held != nil {
				gatewayHits.Inc()
				c.hooks.ServedFromMemory(w)
				c.serveWith(w, r, held, noStore)
				return
			}
			p.change = 0
		}
	}
	// public-svc sees what the key holds (the request as it came while the path's parameters
	// are unknown); HEAD is answered as GET (net/http drops the body).
	r2 := new(http.Request)
	*r2 = *r
	u := *r.URL
	u.Path, u.RawPath, u.RawQuery = p.path, "", p.query
	r2.URL, r2.Method = &u, http.MethodGet
	if private {
		c.servePrivate(w, r2)
		return
	}

	if e := c.expiredCopy(p); e != nil {
		if ne := c.renew(r.Context(), e); ne != nil && ne.holds(p.change) {
			c.hooks.ServedFromMemory(w)
			c.serve(w, r, ne)
			return
		}
	}
	gatewayMisses.Inc()
	key := p.key()
	stamp := c.stamp(p.path)
	fetched := false
	// One fetch per key and stamp: a request that comes after a change the answer could hold
	// never joins a fetch that started before it; nor one that names a change, a fetch that
	// started before that change was numbered (so before its page could name it).
	flight := key + "\x00" + stamp.String()
	if p.change > 0 {
		flight += "\x00" + strconv.FormatInt(p.change, 10)
	}
	v, _, _ := c.flights.Do(flight, func() (any, error) {
		fetched = true
		floor, floorKnown := c.seqFloor(r2.Context(), c.pathEvent(p.path))
		// Shared by every waiter: it must not end when the first client goes away (the
		// backend deadline still bounds it), and it is fetched without the caller's
		// credentials.
		fetch := r2.WithContext(context.WithoutCancel(r2.Context()))
		fetch.Header = r2.Header.Clone()
		fetch.Header.Del("Authorization")
		rec := record(c.next, fetch)
		advice, advised := cache.TakeAdvice(rec.header)
		if rec.status != http.StatusOK || !advised {
			return rec, nil
		}
		c.learn(p, advice)
		if !advice.Public {
			return rec, nil
		}
		if !floorKnown && advice.Event != "" && advice.Event != cache.AllEvents {
			// The path's first answer: now that its event is known, its change number is read
			// and the answer fetched once more, so it can say which change it holds.
			if floor, floorKnown = c.seqFloor(fetch.Context(), strings.ToLower(advice.Event)); floorKnown {
				again := record(c.next, fetch)
				if a, ok := cache.TakeAdvice(again.header); again.status == http.StatusOK && ok && a.Public {
					rec, advice = again, a
				} else {
					floorKnown = false
				}
			}
		}
		e := newPublicEntry(p.path+"?"+advice.Query, rec, time.Now().Add(c.ttl).UnixNano(), advice.Event)
		e.sources = advice.Sources
		if floorKnown {
			e.setSeq(floor)
		}
		if p.change > 0 && p.change > e.seq && c.changeExists(fetch.Context(), e.event, p.change) {
			// Fetched after the change was numbered: the answer holds it.
			e.setSeq(p.change)
		}
		c.store(e, stamp)
		return e, nil
	})
	if signedIn && !p.known && p.query != "" {
		// The path's parameters were unknown: now that they are, a signed-in request carrying
		// a Signed one is the caller's own; and an answer that is not 200 (a Draft event's
		// board) may be another with the caller's credentials (a preview).
		rec, failed := v.(*recorder)
		if c.reducePublic(r.URL, true).private || failed && rec.status != http.StatusOK {
			c.servePrivate(w, r2)
			return
		}
	}
	switch v := v.(type) {
	case *Entry:
		if !fetched {
			// Joined another request's fetch: as cheap as a hit, and logged as one.
			c.hooks.ServedFromMemory(w)
		}
		if !v.holds(p.change) {
			c.serveWith(w, r2, v, noStore)
			return
		}
		c.serve(w, r2, v)
	case *recorder:
		switch {
		case v.status == http.StatusOK && (!fetched || r2.Header.Get("Authorization") != ""):
			// A private answer is never shared, and this caller's credentials may change it.
			c.servePrivate(w, r2)
		case v.status == http.StatusOK:
			c.writePrivate(w, r2, v)
		default:
			if v.route != "" {
				c.hooks.SetRoute(w, r2, v.route)
			}
			v.replay(w)
		}
	}
}

// publicAlias says where the answer to a reduced request is filed: under another, canonical
// request, or nowhere (private: the answer is the caller's own).
type publicAlias struct {
	key     string
	private bool
}

// learn files public-svc's advice on the answer to p: the parameters its path's view reads,
// and where the answer to p's reduced request is (only when p was reduced: a request that
// came as it was may hold spellings the reduced one does not).
func (c *Cache) learn(p publicRequest, a cache.Advice) {
	key, canonical := p.key(), p.path+"?"+a.Query
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.shapes[p.path]; !ok && len(c.shapes) >= publicMaxEntries {
		clear(c.shapes)
	}
	c.shapes[p.path] = newViewShape(a)
	if _, ok := c.events[p.path]; !ok && len(c.events) >= publicMaxEntries {
		clear(c.events)
	}
	c.events[p.path] = strings.ToLower(a.Event)
	if p.known && (!a.Public || key != canonical) {
		if len(c.aliases) >= publicMaxEntries {
			clear(c.aliases)
		}
		alias := publicAlias{private: true}
		if a.Public {
			alias = publicAlias{key: canonical}
		}
		c.aliases[key] = alias
	}
}

// serveAdmin passes every other /api call through: its answers are never stored by anyone,
// and a successful write by a signed-in caller drops the in-memory copies of the events it
// changed (the services name them in changedEventsHeader).
func (c *Cache) serveAdmin(w http.ResponseWriter, r *http.Request) {
	w.Header()["Cache-Control"] = noStore
	if r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions {
		c.next.ServeHTTP(w, r)
		return
	}
	iw := &invalidatingWriter{ResponseWriter: w, c: c}
	c.next.ServeHTTP(iw, r)
	if !iw.wroteHeader {
		iw.WriteHeader(http.StatusOK)
	}
}

// servePrivate fetches an answer that may be the caller's own (a preview) with the caller's
// credentials: never kept, never shared; served with the shared headers when public-svc says
// it is the shared answer after all.
func (c *Cache) servePrivate(w http.ResponseWriter, r *http.Request) {
	rec := record(c.next, r)
	advice, advised := cache.TakeAdvice(rec.header)
	if rec.status != http.StatusOK {
		if rec.route != "" {
			c.hooks.SetRoute(w, r, rec.route)
		}
		rec.replay(w)
		return
	}
	if advised && advice.Public {
		// The credentials did not change the answer (no valid token, or no grant): it is the
		// shared one, served with its headers (kept only when fetched without credentials).
		c.serve(w, r, newPublicEntry(r.URL.Path+"?"+advice.Query, rec, time.Now().Add(c.ttl).UnixNano(), advice.Event))
		return
	}
	c.writePrivate(w, r, rec)
}

// writePrivate writes a recorded private answer.
func (c *Cache) writePrivate(w http.ResponseWriter, r *http.Request, rec *recorder) {
	if rec.route != "" {
		c.hooks.SetRoute(w, r, rec.route)
	}
	h := w.Header()
	h["Content-Type"] = rec.contentType()
	h["Cache-Control"] = privateCacheControl
	h["Vary"] = varyAcceptEncoding
	if d := rec.header.Values("Content-Disposition"); d != nil {
		h["Content-Disposition"] = d // a previewed download keeps its name
	}
	body := rec.body.Bytes()
	if len(body) >= gzipMinBytes && acceptsGzip(r.Header["Accept-Encoding"]) {
		if z := gzipBytes(body); len(z) < len(body) {
			h["Content-Encoding"] = gzipEncoding
			body = z
		}
	}
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	w.WriteHeader(http.StatusOK)
	w.Write(body) //nolint:errcheck // the client went away
}

// serve writes an entry: 304 when the client has it, gzipped when the client accepts it. It
// returns the status and the body bytes written, for the hot path's access counts
// (the gateway's hot path: Hit, ServeHit).
func (c *Cache) serve(w http.ResponseWriter, r *http.Request, e *Entry) (status int, written int64) {
	return c.serveWith(w, r, e, publicCacheControl)
}

// serveWith is serve with the given Cache-Control.
func (c *Cache) serveWith(w http.ResponseWriter, r *http.Request, e *Entry, cacheControl []string) (status int, written int64) {
	if e.route != "" {
		c.hooks.SetRoute(w, r, e.route)
	}
	h := w.Header()
	h["Cache-Control"] = cacheControl
	h["Vary"] = varyAcceptEncoding
	if e.hSeq != nil {
		h[ChangeHeader] = e.hSeq
	}
	zipped := e.gz != nil && acceptsGzip(r.Header["Accept-Encoding"])
	if zipped {
		h["Etag"] = e.hETagZ
	} else {
		h["Etag"] = e.hETag
	}
	if inm := r.Header["If-None-Match"]; len(inm) > 0 && etagMatches(inm[0], e) {
		gatewayRevalidated.Inc()
		w.WriteHeader(http.StatusNotModified)
		return http.StatusNotModified, 0
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
	return http.StatusOK, c.hooks.Write(w, r, body)
}

// lookup finds p's entry, directly or through an alias, when it holds the change p names;
// private says p's answer is the caller's own. The key is built on the stack (a map index by string(bytes) does not
// allocate).
func (c *Cache) lookup(p publicRequest) (e *Entry, private bool) {
	var buf [256]byte
	key := append(append(append(buf[:0], p.path...), '?'), p.query...)
	now := time.Now().UnixNano()
	c.mu.RLock()
	e = c.entries[string(key)]
	if e == nil {
		if a, ok := c.aliases[string(key)]; ok && !a.private {
			e = c.entries[a.key]
		} else {
			private = ok
		}
	}
	c.mu.RUnlock()
	if e == nil || now >= e.expires || !e.holds(p.change) {
		return nil, private
	}
	return e, false
}

// store keeps an entry whose fetch started at stamp, unless a change it could hold came in
// between.
func (c *Cache) store(e *Entry, stamp fetchStamp) {
	if e.size() > publicMaxBytes/8 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.unchangedSince(stamp, e.event) {
		return
	}
	if old := c.entries[e.key]; old != nil {
		if old.seqKnown && (!e.seqKnown || old.seq > e.seq) && time.Now().UnixNano() < old.expires {
			return // a slower fetch never replaces a copy known to hold a later change
		}
		c.remove(old)
	}
	e.elem = c.order.PushBack(e)
	c.entries[e.key] = e
	c.bytes += e.size()
	for c.bytes > publicMaxBytes || len(c.entries) > publicMaxEntries {
		c.remove(c.order.Front().Value.(*Entry))
	}
}

func (c *Cache) remove(e *Entry) {
	c.order.Remove(e.elem)
	delete(c.entries, e.key)
	c.bytes -= e.size()
}

// invalidate drops every in-memory copy.
func (c *Cache) invalidate() {
	gatewayInvalidations.Inc()
	c.mu.Lock()
	c.epoch.Add(1)
	c.wipes.Add(1)
	clear(c.checks)
	clear(c.gens)
	if len(c.entries) > 0 {
		c.entries = map[string]*Entry{}
		c.order.Init()
		c.bytes = 0
	}
	c.mu.Unlock()
}

// invalidateEvent drops the copies a change to one event can alter, as public-svc tagged
// them: that event's views (its team pages included) and those of any event (the event
// list). With many events live at once, a result saved in one does not empty every other
// event's hot leaderboards.
func (c *Cache) invalidateEvent(eventID string) {
	if eventID == "" || eventID == cache.AllEvents {
		c.invalidate()
		return
	}
	c.dropEvent(eventID, false)
}

// dropEvent drops the copies a change to eventID can alter; with keepRenewable, the event's
// renewable copies expire instead (recheckEvent).
func (c *Cache) dropEvent(eventID string, keepRenewable bool) {
	eventID = strings.ToLower(eventID) // as the tags hold it
	gatewayInvalidations.Inc()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.epoch.Add(1)
	if _, ok := c.gens[eventID]; !ok && len(c.gens) >= publicMaxEntries {
		clear(c.gens)
		clear(c.checks)
		c.wipes.Add(1)
	}
	c.gens[eventID]++
	delete(c.checks, eventID)
	for _, e := range c.entries {
		switch {
		case keepRenewable && e.event == eventID && e.sources != "":
			if e.expires != 0 {
				expired := *e
				expired.expires = 0
				c.swap(e, &expired)
			}
		case e.event == eventID || e.event == cache.AllEvents || e.event == "":
			c.remove(e)
		}
	}
}
