// Package cachetest is the stand-in for public-svc behind the gateway's public cache, for the
// tests of the cache and of the gateway around it.
package cachetest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/changes"
)

// Backend stands in for the /api handler: public paths answer a JSON body that names the
// backend's version, with public-svc's advice (Advise); /api/public/missing answers 404;
// /api/public/unadvised answers without advice; writes answer 200 naming the event of
// ?event= as changed (as the services do), or 400 with ?fail.
type Backend struct {
	Calls   atomic.Int64
	Version atomic.Int64
	Delay   time.Duration
	// LastQuery is the query of the last public request that reached it.
	LastQuery atomic.Value
}

func (b *Backend) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b.Calls.Add(1)
	if b.Delay > 0 {
		time.Sleep(b.Delay)
	}
	w.Header().Set("Content-Type", "application/json")
	switch {
	case r.Method != http.MethodGet && r.URL.Query().Has("fail"):
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"code":3,"message":"bad"}`)
	case r.Method != http.MethodGet:
		b.Version.Add(1)
		if ev := r.URL.Query().Get("event"); ev != "" {
			w.Header().Add(changes.ChangedEventsHeader, ev)
		}
		fmt.Fprint(w, `{}`)
	case r.URL.Path == "/api/public/missing":
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"code":5,"message":"Event not found"}`)
	case r.URL.Path == "/api/public/unadvised":
		fmt.Fprint(w, `{}`)
	default:
		b.LastQuery.Store(r.URL.RawQuery)
		a, ok := Advise(r)
		if !ok {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"code":3,"message":"bad"}`)
			return
		}
		pairs := a.Pairs()
		for i := 0; i+1 < len(pairs); i += 2 {
			w.Header().Add(pairs[i], pairs[i+1])
		}
		fmt.Fprintf(w, `{"path":%q,"version":%d,"auth":%q,"pad":%q}`, r.URL.Path+"?"+a.Query, b.Version.Load(), r.Header.Get("Authorization"), strings.Repeat("leaderboard ", 100))
	}
}

// Advise says how an answer may be kept, as public-svc does: the event list reads
// filterStatus (canonical: the known statuses asked for, lower case, sorted; "none" when
// none is) and is altered by any event; leaderboards read includeUnpublished, a Signed
// parameter: a request that asks for the preview is private when an admin ("Bearer admin")
// sends it, the public answer filed under the plain request otherwise (a value that is not a
// boolean is refused); the other views read nothing. The event is the path's, a team's is the part of its id before
// "-".
func Advise(r *http.Request) (cache.Advice, bool) {
	segs := strings.Split(strings.TrimPrefix(strings.ToLower(r.URL.Path), "/api/public/"), "/")
	q := r.URL.Query()
	a := cache.Advice{Public: true}
	switch {
	case segs[0] == "events" && len(segs) == 1:
		a.Params, a.Event = [][]string{{"filterStatus", "filter_status"}}, cache.AllEvents
		v, _ := firstOK(q, "filterStatus", "filter_status")
		var listed []string
		for _, st := range strings.Split(strings.ToLower(v), ",") {
			st = strings.TrimSpace(st)
			if (st == "published" || st == "in_progress" || st == "archived") && !slices.Contains(listed, st) {
				listed = append(listed, st)
			}
		}
		slices.Sort(listed)
		if len(listed) == 0 {
			listed = []string{"none"}
		}
		a.Query = cache.Query("filterStatus", strings.Join(listed, ","))
	case segs[0] == "teams":
		a.Event, _, _ = strings.Cut(segs[1], "-")
	default:
		a.Event = segs[1]
		if segs[len(segs)-1] == "leaderboard" && len(segs) > 3 {
			a.Params = [][]string{{"includeUnpublished", "include_unpublished"}}
			a.Signed = a.Params
			if v, ok := firstOK(q, "includeUnpublished", "include_unpublished"); ok {
				preview, err := strconv.ParseBool(v)
				if err != nil {
					return a, false
				}
				a.Public = !preview || r.Header.Get("Authorization") != "Bearer admin"
			}
		}
	}
	return a, true
}

// Get asks h for path with the given header names and values.
func Get(h http.Handler, path string, headers ...string) *httptest.ResponseRecorder {
	return Do(h, http.MethodGet, path, headers...)
}

// Do asks h for path with method and the given header names and values.
func Do(h http.Handler, method, path string, headers ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// firstOK is the first value of the first name present.
func firstOK(q url.Values, names ...string) (string, bool) {
	for _, n := range names {
		if vs := q[n]; len(vs) > 0 {
			return vs[0], true
		}
	}
	return "", false
}
