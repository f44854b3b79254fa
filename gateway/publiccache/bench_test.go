package publiccache

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/changes"
)

// BenchmarkChangeReceived is the cache's part of one change as the gateway's receive loop gets
// it from the change channel (gateway/changes.go), with 20 events of 10 views each held in
// memory: public (NoteChange), its event's copies are dropped and its number filed (the
// delivery to its streams is streamhub.BenchmarkDeliver); not public (a draft save:
// RecheckEvent), the event's renewable copies expire. Every iteration puts the event's ten
// copies back, off the clock.
func BenchmarkChangeReceived(b *testing.B) {
	const events, views = 20, 10
	cache := newCache(&backend{}, nil)
	cache.sources = publicSources{} // renewable copies: a change that is not public expires them
	receive := func(ch changes.Change) {
		if ch.Public {
			cache.NoteChange(ch)
		} else {
			cache.RecheckEvent(ch.EventID)
		}
	}
	entry := func(ev, v int) *Entry {
		e := &Entry{
			key: fmt.Sprintf("/api/public/events/ev%d/views/%d?", ev, v), event: fmt.Sprintf("ev%d", ev),
			body: make([]byte, 1024), sources: "s", expires: time.Now().Add(time.Hour).UnixNano(),
		}
		e.setSeq(1)
		return e
	}
	for ev := range events {
		for v := range views {
			cache.store(entry(ev, v), cache.stamp(""))
		}
	}
	for _, public := range []bool{true, false} {
		name := "public"
		if !public {
			name = "not-public"
		}
		b.Run(name, func(b *testing.B) {
			ch := changes.Change{EventID: "ev7", DivisionIDs: []string{"d1"}, WorkoutIDs: []string{"w1"}, Public: public}
			refill := make([]*Entry, views)
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				for v := range refill {
					refill[v] = entry(7, v)
					cache.store(refill[v], cache.stamp(""))
				}
				ch.Seq++
				b.StartTimer()
				receive(ch)
			}
		})
	}
}

// sameSources answers every sources check with one digest: the event's public sources never
// change.
type sameSources string

func (s sameSources) GetViewSources(context.Context, *publicv1.ViewSourcesRequest) (string, error) {
	return string(s), nil
}

// freshnessBackend answers every public view with body, advised as event e1's, built from the
// sources digest s1; writes answer 200 naming e1 as changed.
func freshnessBackend(body []byte) http.Handler {
	pairs := append(cache.Advice{Public: true, Event: "e1"}.Pairs(), cache.AdvicePrefix+"sources", "s1")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			w.Header().Set(changes.ChangedEventsHeader, "e1")
			w.Write([]byte(`{}`)) //nolint:errcheck // to memory
			return
		}
		for i := 0; i+1 < len(pairs); i += 2 {
			w.Header().Add(pairs[i], pairs[i+1])
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(body) //nolint:errcheck // to memory
	})
}

// BenchmarkFreshness is what each way a change reaches a kept copy costs the gateway when it
// is used (docs/operations.md, "Caching"), with its allocations, on a 40-team leaderboard-like
// answer asked with gzip:
//   - hit: a request answered from memory, the baseline;
//   - change-number-hit: the same naming a change it holds (?change=N, change.go);
//   - write-through: a write through the gateway that names the event (writers.go), with
//     the event's copy held;
//   - renew: a copy whose second is up, kept by a sources check (renew.go; the check answered
//     at once, as public-svc's own cost is its BenchmarkViewSources);
//   - refetch: the same copy fetched, tagged and gzipped again, what a second's end costs
//     without renewal (and what the change channel's drop costs the next reader).
func BenchmarkFreshness(b *testing.B) {
	body := leaderboardLike()
	const view = "/api/public/events/e1/divisions/d1/leaderboard"
	ask := func(c *Cache, method, target string) int {
		req := httptest.NewRequest(method, target, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		w := &discard{h: http.Header{}}
		c.ServeHTTP(w, req)
		return w.status
	}
	kept := func(ttl time.Duration, sources SourcesReader) *Cache {
		c := New(freshnessBackend(body), Options{TTL: ttl, Sources: sources})
		ask(c, http.MethodGet, view) // learns the view's shape and event
		ask(c, http.MethodGet, view) // kept, with its change number
		c.raiseSeq("e1", 7)
		return c
	}
	run := func(name string, c *Cache, method, target string) {
		b.Run(name, func(b *testing.B) {
			req := httptest.NewRequest(method, target, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			w := &discard{h: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				clear(w.h)
				w.status = 0
				c.ServeHTTP(w, req)
				if w.status != http.StatusOK {
					b.Fatalf("%s %s: %d", method, target, w.status)
				}
			}
		})
	}
	run("hit", kept(time.Hour, nil), http.MethodGet, view)
	held := kept(time.Hour, nil)
	held.entries[view+"?"].setSeq(7)
	run("change-number-hit", held, http.MethodGet, view+"?change=7")
	run("write-through", kept(time.Hour, nil), http.MethodPost, "/api/heats/h1/publish")
	run("renew", kept(time.Nanosecond, sameSources("s1")), http.MethodGet, view)
	run("refetch", kept(time.Nanosecond, nil), http.MethodGet, view)
}

// discard is a response writer that keeps the header and the status only.
type discard struct {
	h      http.Header
	status int
}

func (d *discard) Header() http.Header  { return d.h }
func (d *discard) WriteHeader(code int) { d.status = code }
func (d *discard) Write(p []byte) (int, error) {
	if d.status == 0 {
		d.status = http.StatusOK
	}
	return len(p), nil
}
