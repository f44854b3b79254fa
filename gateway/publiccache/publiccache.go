// Package publiccache is the gateway's cache of the public views: it wraps the /api handler,
// keeps public-svc's shared answers in memory (encoded, gzipped, with their ETags) and serves
// them until something says they changed. Its API is small: New wraps the handler; Hit and
// ServeHit answer a request from memory before the rest of the gateway's chain runs (the hot
// path); NoteChange, DropEvent, RecheckEvent and DropAll are how a change reaches the kept
// copies; SeqFloor tells the web app the change number a page opens on.
//
// How a change reaches a kept copy (docs/operations.md, "Caching", says what each costs and
// what breaks without it):
//  1. the change channel: a public change drops its event's copies (NoteChange, DropEvent);
//  2. a write through this gateway drops the copies of the events it names (writers.go);
//  3. the copy's second runs out (Options.TTL);
//  4. a change the public does not see only expires the copies, which are renewed while the
//     digest of their sources is unchanged (renew.go, RecheckEvent);
//  5. change numbers: a page told of change N asks ?change=N and is never answered from an
//     older copy (change.go).
package publiccache

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/podium-dev/podium/internal/platform/changes"
)

// Options configure a cache.
type Options struct {
	Log *slog.Logger
	// TTL is how long a copy is served without asking public-svc again (default 1 s).
	TTL time.Duration
	// Seqs reads an event's latest change number (the deployment's change channel); nil: the
	// cache knows only the numbers it is told (NoteChange).
	Seqs SeqReader
	// Sources reads an event's sources digest (public-svc); nil: copies are never renewed.
	Sources SourcesReader
	Hooks   Hooks
}

// Hooks are the gateway's parts the cache uses; each may be nil.
type Hooks struct {
	// SetRoute names the route of the request w answers (metrics, spans). The cache's own
	// recorder, on the writer chain of a fetch, has a SetRoute(route string) method.
	SetRoute func(w http.ResponseWriter, r *http.Request, route string)
	// ServedFromMemory marks w's request as answered from memory (the access log).
	ServedFromMemory func(w http.ResponseWriter)
	// Write writes a kept body whose header is set (the gateway sends it in one TCP send).
	Write func(w http.ResponseWriter, r *http.Request, body []byte) int64
	// MethodNotAllowed answers a public view asked with a method other than GET or HEAD.
	MethodNotAllowed func(w http.ResponseWriter)
}

func (h Hooks) withDefaults() Hooks {
	if h.SetRoute == nil {
		h.SetRoute = func(http.ResponseWriter, *http.Request, string) {}
	}
	if h.ServedFromMemory == nil {
		h.ServedFromMemory = func(http.ResponseWriter) {}
	}
	if h.Write == nil {
		h.Write = func(w http.ResponseWriter, _ *http.Request, body []byte) int64 {
			n, _ := w.Write(body) // the client went away
			return int64(n)
		}
	}
	if h.MethodNotAllowed == nil {
		h.MethodNotAllowed = func(w http.ResponseWriter) {
			http.Error(w, "Method not allowed.", http.StatusMethodNotAllowed)
		}
	}
	return h
}

// New wraps the /api handler next.
func New(next http.Handler, opts Options) *Cache {
	c := newCache(next, opts.Log)
	if opts.TTL > 0 {
		c.ttl = opts.TTL
	}
	if opts.Seqs != nil {
		c.seqSource = opts.Seqs
	}
	if opts.Sources != nil {
		c.sources = opts.Sources
	}
	c.hooks = opts.Hooks.withDefaults()
	return c
}

// Hit is the kept copy that answers r from memory, nil when there is none (memoryHit).
func (c *Cache) Hit(r *http.Request) *Entry { return c.memoryHit(r) }

// ServeHit writes a copy Hit found, counted as a hit: the status and the body bytes written.
func (c *Cache) ServeHit(w http.ResponseWriter, r *http.Request, e *Entry) (status int, written int64) {
	gatewayHits.Inc()
	return c.serve(w, r, e)
}

// Route is the route template of the copy's answer.
func (e *Entry) Route() string { return e.route }

// NoteChange is told of every public change before the live streams are.
func (c *Cache) NoteChange(ch changes.Change) { c.noteChange(ch) }

// DropEvent drops the copies a change of the event can alter (every copy for "" or any event).
func (c *Cache) DropEvent(eventID string) { c.invalidateEvent(eventID) }

// RecheckEvent is DropEvent for a change the public may not see: renewable copies expire.
func (c *Cache) RecheckEvent(eventID string) { c.recheckEvent(eventID) }

// DropAll drops every copy (a gap in the change channel may have lost changes).
func (c *Cache) DropAll() { c.invalidate() }

// SeqFloor is the event's latest change number this gateway knows, read from the change
// channel when it knows none.
func (c *Cache) SeqFloor(ctx context.Context, eventID string) (int64, bool) {
	return c.seqFloor(ctx, eventID)
}

// ChangeQuery is the query that names change n (a page's link to a board that holds it).
func ChangeQuery(n int64) string { return changeParam + "=" + strconv.FormatInt(n, 10) }
