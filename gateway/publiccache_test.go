package gateway

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/internal/poll"
)

// backend stands in for the /api handler: public paths answer a JSON body that names the
// backend's version, with public-svc's advice (advise); /api/public/missing answers 404;
// /api/public/unadvised answers without advice; writes answer 200 naming the event of
// ?event= as changed (as the services do), or 400 with ?fail.
type backend struct {
	calls   atomic.Int64
	version atomic.Int64
	delay   time.Duration
	// lastQuery is the query of the last public request that reached it.
	lastQuery atomic.Value
}

func (b *backend) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b.calls.Add(1)
	if b.delay > 0 {
		time.Sleep(b.delay)
	}
	w.Header().Set("Content-Type", "application/json")
	switch {
	case r.Method != http.MethodGet && r.URL.Query().Has("fail"):
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"code":3,"message":"bad"}`)
	case r.Method != http.MethodGet:
		b.version.Add(1)
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
		b.lastQuery.Store(r.URL.RawQuery)
		a, ok := advise(r)
		if !ok {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"code":3,"message":"bad"}`)
			return
		}
		pairs := a.Pairs()
		for i := 0; i+1 < len(pairs); i += 2 {
			w.Header().Add(pairs[i], pairs[i+1])
		}
		fmt.Fprintf(w, `{"path":%q,"version":%d,"auth":%q,"pad":%q}`, r.URL.Path+"?"+a.Query, b.version.Load(), r.Header.Get("Authorization"), strings.Repeat("leaderboard ", 100))
	}
}

// advise says how an answer may be kept, as public-svc does: the event list reads
// filterStatus (canonical: the known statuses asked for, lower case, sorted; "none" when
// none is) and is altered by any event; leaderboards read includeUnpublished, a Signed
// parameter: a request that asks for the preview is private when an admin ("Bearer admin")
// sends it, the public answer filed under the plain request otherwise (a value that is not a
// boolean is refused); the other views read nothing. The event is the path's, a team's is the part of its id before
// "-".
func advise(r *http.Request) (cache.Advice, bool) {
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

func newTestCache(t *testing.T) (*publicCache, *backend) {
	t.Helper()
	b := &backend{}
	return newPublicCache(b, nil), b
}

func get(h http.Handler, path string, headers ...string) *httptest.ResponseRecorder {
	return do(h, http.MethodGet, path, headers...)
}

func do(h http.Handler, method, path string, headers ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestPublicCacheKeepsAnonymousAnswers(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	first := get(c, "/api/public/events/1/leaderboard")
	if first.Code != http.StatusOK {
		t.Fatalf("status %d", first.Code)
	}
	h := first.Header()
	if h.Get("Cache-Control") != "public, max-age=5, stale-while-revalidate=30" || h.Get("Vary") != "Accept-Encoding" ||
		h.Get("Content-Type") != "application/json" || !strings.HasPrefix(h.Get("ETag"), `"`) || h.Get("Content-Encoding") != "" {
		t.Fatalf("headers %v", h)
	}
	if h.Get("Content-Length") != fmt.Sprint(first.Body.Len()) {
		t.Errorf("Content-Length %s, body %d", h.Get("Content-Length"), first.Body.Len())
	}
	second := get(c, "/api/public/events/1/leaderboard")
	if b.calls.Load() != 1 {
		t.Fatalf("backend called %d times, want 1", b.calls.Load())
	}
	if second.Body.String() != first.Body.String() || second.Header().Get("ETag") != h.Get("ETag") {
		t.Fatal("a kept answer differs")
	}
	// The query is part of the key.
	get(c, "/api/public/events?filterStatus=archived")
	get(c, "/api/public/events?filterStatus=published")
	if b.calls.Load() != 3 {
		t.Fatalf("backend called %d times, want 3", b.calls.Load())
	}
	// Non-public GETs are not touched.
	r := get(c, "/api/events")
	if r.Header().Get("ETag") != "" || r.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("admin route got caching headers: %v", r.Header())
	}
}

func TestPublicCacheRevalidatesWith304(t *testing.T) {
	t.Parallel()
	c, _ := newTestCache(t)
	etag := get(c, "/api/public/events/1").Header().Get("ETag")
	zipped := get(c, "/api/public/events/1", "Accept-Encoding", "gzip").Header().Get("ETag")
	if etag == zipped {
		t.Fatal("the gzipped representation has the same strong ETag")
	}
	for _, inm := range []string{etag, zipped, "W/" + etag, `"other", ` + etag, "*"} {
		r := get(c, "/api/public/events/1", "If-None-Match", inm)
		if r.Code != http.StatusNotModified || r.Body.Len() != 0 || r.Header().Get("ETag") == "" ||
			r.Header().Get("Cache-Control") == "" {
			t.Errorf("If-None-Match %s: %d %v", inm, r.Code, r.Header())
		}
	}
	if r := get(c, "/api/public/events/1", "If-None-Match", `"stale"`); r.Code != http.StatusOK {
		t.Errorf("a stale ETag got %d", r.Code)
	}
}

func TestPublicCacheGzips(t *testing.T) {
	t.Parallel()
	c, _ := newTestCache(t)
	plain := get(c, "/api/public/events/1").Body.Bytes()
	for _, ae := range []string{"gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "*"} {
		r := get(c, "/api/public/events/1", "Accept-Encoding", ae)
		if r.Header().Get("Content-Encoding") != "gzip" || r.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("%s: headers %v", ae, r.Header())
		}
		if r.Header().Get("Content-Length") != fmt.Sprint(r.Body.Len()) || r.Body.Len() >= len(plain) {
			t.Errorf("%s: %s bytes zipped, %d plain", ae, r.Header().Get("Content-Length"), len(plain))
		}
		zr, err := gzip.NewReader(r.Body)
		if err != nil {
			t.Fatal(err)
		}
		unzipped, _ := io.ReadAll(zr)
		if !bytes.Equal(unzipped, plain) {
			t.Fatalf("%s: unzipped body differs", ae)
		}
	}
	for _, ae := range []string{"", "identity", "gzip;q=0", "br", "*;q=0"} {
		if r := get(c, "/api/public/events/1", "Accept-Encoding", ae); r.Header().Get("Content-Encoding") != "" {
			t.Errorf("%q: gzipped", ae)
		}
	}
}

// An anonymous preview request is the public request: the same copy in memory, the same
// headers, no fetch (a preview without credentials shows published results only). A signed-in
// caller's preview is fetched with their credentials every time, private when it is theirs.
func TestPublicCacheAnonymousPreviewIsThePublicRequest(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	const board = "/api/public/events/1/divisions/2/leaderboard?"
	plain := get(c, board) // the public copy is kept, and the view's parameters learnt
	for _, q := range []string{"includeUnpublished=1", "includeUnpublished=true", "include_unpublished=true",
		"incl%75deUnpublished=true", "%69ncludeUnpublished=TRUE", "cb=1&includeUnpublished=t", "includeUnpublished=yes"} {
		before := b.calls.Load()
		for range 2 {
			r := get(c, board+q, "Accept-Encoding", "gzip")
			if r.Code != http.StatusOK || r.Header().Get("Cache-Control") != "public, max-age=5, stale-while-revalidate=30" ||
				r.Header().Get("ETag") == "" || r.Header().Get("Vary") != "Accept-Encoding" {
				t.Fatalf("%s: %d %v", q, r.Code, r.Header())
			}
			if r.Header().Get("Content-Encoding") != "gzip" {
				t.Errorf("%s: not gzipped", q)
			}
		}
		if got := b.calls.Load() - before; got != 0 {
			t.Errorf("%s: %d backend calls, want the plain request's copy from memory", q, got)
		}
	}
	if r := get(c, board+"includeUnpublished=1", "Accept-Encoding", "identity"); r.Body.String() != plain.Body.String() {
		t.Errorf("anonymous preview answered %q, the plain request %q", r.Body.String()[:60], plain.Body.String()[:60])
	}

	// A signed-in caller's preview is fetched with their credentials, every time.
	for range 2 {
		before := b.calls.Load()
		r := get(c, board+"includeUnpublished=true&cb=8", "Authorization", "Bearer admin", "Accept-Encoding", "gzip")
		if r.Header().Get("Cache-Control") != "private, no-store" || r.Header().Get("ETag") != "" || r.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("signed-in preview: %v", r.Header())
		}
		for k := range r.Header() {
			if strings.HasPrefix(strings.ToLower(k), cache.AdvicePrefix) {
				t.Errorf("the advice reached the client: %v", r.Header())
			}
		}
		if b.calls.Load()-before != 1 {
			t.Fatal("a signed-in preview was served from memory")
		}
	}
	if got := b.lastQuery.Load(); got != "includeUnpublished=true" {
		t.Errorf("the backend got %q", got)
	}
	// Credentials that do not allow the preview get the shared answer and headers.
	r := get(c, board+"includeUnpublished=1", "Authorization", "Bearer nobody")
	if r.Header().Get("Cache-Control") != "public, max-age=5, stale-while-revalidate=30" || r.Header().Get("ETag") == "" {
		t.Errorf("a preview the token does not allow: %v", r.Header())
	}
	// The first request of a path, signed in, is still the caller's own.
	const workout = "/api/public/events/1/divisions/2/workouts/3/leaderboard?"
	for range 2 {
		if r := get(c, workout+"includeUnpublished=1&cb=2", "Authorization", "Bearer admin"); r.Header().Get("Cache-Control") != "private, no-store" {
			t.Errorf("workout preview: %v %s", r.Header(), r.Body.String())
		}
	}
	// A parameter the view does not read is not a preview, whatever its name.
	if r := get(c, "/api/public/events/1?includeUnpublished=true", "Authorization", "Bearer admin"); r.Header().Get("Cache-Control") != "public, max-age=5, stale-while-revalidate=30" {
		t.Errorf("includeUnpublished on the event page: %v", r.Header())
	}
}

func TestPublicCacheKeysHoldOnlyWhatTheViewReads(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	same := [][]string{
		{"/api/public/events/1/leaderboard", "/api/public/events/1/leaderboard?cb=1", "/api/public/events/1/leaderboard?cb=2&x=%zz",
			"/api/public/EVENTS/1/Leaderboard"},
		{"/api/public/events?filterStatus=archived,published", "/api/public/events?filter_status=ARCHIVED,%20published,published&cb=3",
			"/api/public/events?filterStatus=archived,published,nothing"},
		{"/api/public/events", "/api/public/events?filterStatus=", "/api/public/events?cb=4"},
		{"/api/public/events/1/divisions/2/leaderboard", "/api/public/events/1/divisions/2/leaderboard?includeUnpublished=false&cb=5"},
	}
	for _, paths := range same {
		// The first time, a spelling public-svc files under another costs one fetch; from
		// then on every spelling is served from memory, with the same answer.
		var body string
		for round := range 2 {
			before := b.calls.Load()
			for _, p := range paths {
				r := get(c, p)
				if r.Code != http.StatusOK {
					t.Fatalf("%s: %d", p, r.Code)
				}
				if body == "" {
					body = r.Body.String()
				} else if r.Body.String() != body {
					t.Errorf("%s answered otherwise than %s", p, paths[0])
				}
			}
			if got := b.calls.Load() - before; round == 1 && got != 0 {
				t.Errorf("%v: %d fetches the second time, want 0", paths, got)
			}
		}
	}
	// A view that reads nothing: one fetch for every spelling, at once.
	before := b.calls.Load()
	for _, p := range []string{"/api/public/events/9/leaderboard", "/api/public/events/9/leaderboard?cb=1", "/api/public/Events/9/leaderboard?x=%zz"} {
		get(c, p)
	}
	if got := b.calls.Load() - before; got != 1 {
		t.Errorf("%d fetches of a view that reads no parameter, want 1", got)
	}
	get(c, "/api/public/events?filterStatus=published,archived&cb=9&filter_status=x")
	if got := b.lastQuery.Load(); got != "filterStatus=published%2Carchived" {
		t.Errorf("the backend got %q", got)
	}
}

func TestPublicCacheFilesAnswersUnderTheCanonicalQuery(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	// The path's parameters are not known yet: the request goes as it came, and its answer
	// is filed under the query public-svc names.
	first := get(c, "/api/public/events?filter_status=ARCHIVED&cb=1")
	if got := b.lastQuery.Load(); got != "filter_status=ARCHIVED&cb=1" {
		t.Errorf("the backend got %q", got)
	}
	r := get(c, "/api/public/events?filterStatus=archived")
	if b.calls.Load() != 1 || r.Body.String() != first.Body.String() {
		t.Fatalf("the canonical request was not served the filed answer (%d calls)", b.calls.Load())
	}
	// An answer without advice is served, never kept.
	for range 2 {
		if r := get(c, "/api/public/unadvised"); r.Code != http.StatusOK || r.Header().Get("Cache-Control") != "private, no-store" {
			t.Errorf("unadvised: %d %v", r.Code, r.Header())
		}
	}
	if b.calls.Load() != 3 {
		t.Errorf("an answer without advice was kept (%d calls)", b.calls.Load())
	}
}

func TestPublicCacheOddValuesDoNotPushCopiesOut(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	c.ttl = time.Hour
	get(c, "/api/public/events/1/leaderboard")
	get(c, "/api/public/events?filterStatus=published")
	for i := range publicMaxEntries + 50 {
		get(c, fmt.Sprintf("/api/public/events?filterStatus=x%d", i))
	}
	c.mu.RLock()
	entries, aliases := len(c.entries), len(c.aliases)
	c.mu.RUnlock()
	if entries != 3 || aliases > publicMaxEntries {
		t.Fatalf("%d entries, %d aliases", entries, aliases)
	}
	before := b.calls.Load()
	get(c, "/api/public/events/1/leaderboard")
	get(c, "/api/public/events?filterStatus=published")
	if b.calls.Load() != before {
		t.Error("odd values pushed a copy out")
	}
}

func TestPublicViewsAnswerOnlyGetAndHead(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	get(c, "/api/public/events/1")
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, "PURGE"} {
		req := httptest.NewRequest(m, "/api/public/events/1", strings.NewReader("a=b"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := httptest.NewRecorder()
		c.ServeHTTP(rec, req)
		if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET, HEAD" {
			t.Errorf("%s: %d %v", m, rec.Code, rec.Header())
		}
	}
	if r := do(c, http.MethodHead, "/api/public/events/1"); r.Code != http.StatusOK || r.Header().Get("ETag") == "" {
		t.Errorf("HEAD: %d %v", r.Code, r.Header())
	}
	if b.calls.Load() != 1 {
		t.Fatalf("%d backend calls: a refused method reached it, or the copy was dropped", b.calls.Load())
	}
}

func TestPublicCacheServesSignedInCallersTheSameCopy(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	get(c, "/api/public/events/1")
	r1 := get(c, "/api/public/events/1", "Authorization", "Bearer a")
	get(c, "/api/public/events/2", "Authorization", "Bearer b")
	r2 := get(c, "/api/public/events/2")
	if b.calls.Load() != 2 {
		t.Fatalf("backend called %d times, want 2", b.calls.Load())
	}
	if strings.Contains(r1.Body.String(), "Bearer") || strings.Contains(r2.Body.String(), "Bearer") {
		t.Fatal("a kept copy was fetched with the caller's credentials")
	}
}

func TestAdminAnswersAreNotStored(t *testing.T) {
	t.Parallel()
	c, _ := newTestCache(t)
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		if r := do(c, m, "/api/events"); r.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("%s: %v", m, r.Header())
		}
	}
}

func TestPublicCacheDropsCopiesAfterWrites(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	c.ttl = time.Hour
	get(c, "/api/public/events/1")
	get(c, "/api/public/events/2")
	if r := do(c, http.MethodPost, "/api/results?fail&event=1"); r.Code != http.StatusBadRequest || r.Header().Get(changes.ChangedEventsHeader) != "" {
		t.Fatal(r.Code, r.Header())
	}
	// A write that changed no event (a sign-in) drops nothing.
	do(c, http.MethodPost, "/api/auth/login")
	get(c, "/api/public/events/1")
	if b.calls.Load() != 4 { // the two GETs and the two POSTs
		t.Fatalf("a failed write or a sign-in dropped the copies (%d calls)", b.calls.Load())
	}
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete} {
		r := do(c, m, "/api/results?event=1")
		if r.Header().Get(changes.ChangedEventsHeader) != "" {
			t.Errorf("the changed-events header reached the client: %v", r.Header())
		}
		r = get(c, "/api/public/events/1")
		if !strings.Contains(r.Body.String(), fmt.Sprintf(`"version":%d`, b.version.Load())) {
			t.Fatalf("after %s: stale %s", m, r.Body.String()[:40])
		}
	}
	// Event 2's copy was never dropped.
	if r := get(c, "/api/public/events/2"); !strings.Contains(r.Body.String(), `"version":0`) {
		t.Errorf("another event's copy was dropped: %s", r.Body.String()[:40])
	}
}

func TestPublicCacheExpires(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	c.ttl = 300 * time.Millisecond
	get(c, "/api/public/events/1")
	get(c, "/api/public/events/1")
	time.Sleep(400 * time.Millisecond)
	get(c, "/api/public/events/1")
	if b.calls.Load() != 2 {
		t.Fatalf("backend called %d times, want 2", b.calls.Load())
	}
}

func TestPublicCachePassesErrorsThrough(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	for range 2 {
		r := get(c, "/api/public/missing")
		if r.Code != http.StatusNotFound || r.Header().Get("Cache-Control") != "no-store" || r.Header().Get("ETag") != "" ||
			!strings.Contains(r.Body.String(), "Event not found") {
			t.Fatalf("%d %v %s", r.Code, r.Header(), r.Body)
		}
	}
	if b.calls.Load() != 2 {
		t.Fatal("a 404 was kept")
	}
}

func TestPublicCacheCoalescesMisses(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	b.delay = 50 * time.Millisecond
	var wg sync.WaitGroup
	for range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if r := get(c, "/api/public/events/1"); r.Code != http.StatusOK {
				t.Errorf("status %d", r.Code)
			}
		}()
	}
	wg.Wait()
	if b.calls.Load() != 1 {
		t.Fatalf("backend called %d times for one cold path, want 1", b.calls.Load())
	}
}

func TestPublicCacheDoesNotKeepAnswersFetchedBeforeAWrite(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	b.delay = 50 * time.Millisecond
	done := make(chan struct{})
	go func() { get(c, "/api/public/events/1"); close(done) }()
	poll.Until(t, 5*time.Second, "the read reaches the backend", func() bool { return b.calls.Load() > 0 })
	c.invalidate() // a write commits while the read is in flight
	<-done
	b.delay = 0
	get(c, "/api/public/events/1")
	if b.calls.Load() != 2 {
		t.Fatalf("an answer fetched before the write was kept (%d calls)", b.calls.Load())
	}
}

// A change to one event spoils the fetches of its views alone: on a busy day the events
// between them change many times a second, more often than a slow fetch takes.
func TestPublicCacheKeepsAnswersFetchedWhileAnotherEventChanged(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	c.ttl = time.Hour
	const path = "/api/public/events/A/leaderboard"
	get(c, path) // the path's event is learnt from its first answer
	fetchWhile := func(change func()) {
		t.Helper()
		c.invalidateEvent("A")
		before := b.calls.Load()
		b.delay = 50 * time.Millisecond
		done := make(chan struct{})
		go func() { get(c, path); close(done) }()
		poll.Until(t, 5*time.Second, "the read reaches the backend", func() bool { return b.calls.Load() > before })
		change()
		<-done
		b.delay = 0
	}

	fetchWhile(func() { c.invalidateEvent("B") })
	calls := b.calls.Load()
	get(c, path)
	if b.calls.Load() != calls {
		t.Fatal("a change to event B spoiled a fetch of event A's board")
	}

	fetchWhile(func() { c.invalidateEvent("A") })
	calls = b.calls.Load()
	get(c, path)
	if b.calls.Load() != calls+1 {
		t.Fatal("an answer fetched before its own event changed was kept")
	}

	fetchWhile(c.invalidate)
	calls = b.calls.Load()
	get(c, path)
	if b.calls.Load() != calls+1 {
		t.Fatal("an answer fetched before every copy was dropped was kept")
	}
}

func TestPublicCacheIsBounded(t *testing.T) {
	t.Parallel()
	c, _ := newTestCache(t)
	for i := range publicMaxEntries + 50 {
		get(c, fmt.Sprintf("/api/public/events/%d", i))
	}
	c.mu.RLock()
	n, size := len(c.entries), c.bytes
	c.mu.RUnlock()
	if n > publicMaxEntries || size > publicMaxBytes {
		t.Fatalf("%d entries, %d bytes", n, size)
	}
	oldest, _ := c.lookup(publicRequest{path: "/api/public/events/0"})
	newest, _ := c.lookup(publicRequest{path: fmt.Sprintf("/api/public/events/%d", publicMaxEntries+49)})
	if oldest != nil || newest == nil {
		t.Error("the oldest entries are not the ones dropped")
	}
}

func TestPublicCacheFollowsChanges(t *testing.T) {
	t.Parallel()
	rdb := pgtest.NewRedis(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b := &backend{}
	ns := pgtest.Namespace(t, rdb)
	ch := changes.NewChannel(rdb, ns)
	c := newPublicCache(b, nil)
	c.ttl = time.Hour
	followChanges(ctx, ch, c, nil)
	get(c, "/api/public/events/1")
	// Another deployment's signals on the same Redis drop nothing.
	other := changes.NewChannel(rdb, ns+"-other")
	poll.Until(t, 5*time.Second, "a change signal drops the in-memory copies", func() bool {
		other.Publish(context.Background(), changes.Change{EventID: "1"}) //nolint:errcheck // checked by the count
		// Publish until the subscription is live, then the copy is dropped: every change drops
		// its event's copies, public or not.
		ch.Publish(context.Background(), changes.Change{EventID: "1"}) //nolint:errcheck // checked by the count
		get(c, "/api/public/events/1")
		return b.calls.Load() >= 2
	})
	// Signals for event 1 may still be on their way, so the rest watches event 2.
	get(c, "/api/public/events/2")
	before := b.calls.Load()
	for range 5 {
		other.Publish(context.Background(), changes.Change{EventID: "2", Public: true}) //nolint:errcheck // checked by the count
	}
	time.Sleep(100 * time.Millisecond)
	get(c, "/api/public/events/2")
	if b.calls.Load() != before {
		t.Fatal("another deployment's signal dropped a copy")
	}
	// A public change drops the copy as well, with no live streams to tell.
	ch.Publish(context.Background(), changes.Change{EventID: "2", Public: true}) //nolint:errcheck // checked by the count
	poll.Until(t, 5*time.Second, "a public change drops the in-memory copies", func() bool {
		get(c, "/api/public/events/2")
		return b.calls.Load() != before
	})
}

func TestPublicCacheDropsOnlyTheChangedEvent(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	c.ttl = time.Hour
	paths := []string{
		"/api/public/events/A/leaderboard",
		"/api/public/events/A",
		"/api/public/events/B/divisions/D/leaderboard",
		"/api/public/events?filterStatus=published",
		"/api/public/teams/A-T1",
		"/api/public/teams/B-T2",
	}
	for _, p := range paths {
		get(c, p)
	}
	c.invalidateEvent("A")
	before := b.calls.Load()
	for _, p := range paths {
		get(c, p)
	}
	// A's views, the list and A's team page (whose path does not name its event: public-svc
	// tags it) are fetched again; B's leaderboard and team page are still served from memory.
	if got := b.calls.Load() - before; got != 4 {
		t.Fatalf("%d fetches after event A changed, want 4", got)
	}
}
