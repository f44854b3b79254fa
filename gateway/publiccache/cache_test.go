package publiccache

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/podium-dev/podium/gateway/publiccache/cachetest"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/poll"
)

// backend stands in for public-svc (cachetest.Backend).
type backend = cachetest.Backend

func newTestCache(t *testing.T) (*Cache, *backend) {
	t.Helper()
	b := &backend{}
	return newCache(b, nil), b
}

func get(h http.Handler, path string, headers ...string) *httptest.ResponseRecorder {
	return cachetest.Get(h, path, headers...)
}

func do(h http.Handler, method, path string, headers ...string) *httptest.ResponseRecorder {
	return cachetest.Do(h, method, path, headers...)
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
	if b.Calls.Load() != 1 {
		t.Fatalf("backend called %d times, want 1", b.Calls.Load())
	}
	if second.Body.String() != first.Body.String() || second.Header().Get("ETag") != h.Get("ETag") {
		t.Fatal("a kept answer differs")
	}
	// The query is part of the key.
	get(c, "/api/public/events?filterStatus=archived")
	get(c, "/api/public/events?filterStatus=published")
	if b.Calls.Load() != 3 {
		t.Fatalf("backend called %d times, want 3", b.Calls.Load())
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
		before := b.Calls.Load()
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
		if got := b.Calls.Load() - before; got != 0 {
			t.Errorf("%s: %d backend calls, want the plain request's copy from memory", q, got)
		}
	}
	if r := get(c, board+"includeUnpublished=1", "Accept-Encoding", "identity"); r.Body.String() != plain.Body.String() {
		t.Errorf("anonymous preview answered %q, the plain request %q", r.Body.String()[:60], plain.Body.String()[:60])
	}

	// A signed-in caller's preview is fetched with their credentials, every time.
	for range 2 {
		before := b.Calls.Load()
		r := get(c, board+"includeUnpublished=true&cb=8", "Authorization", "Bearer admin", "Accept-Encoding", "gzip")
		if r.Header().Get("Cache-Control") != "private, no-store" || r.Header().Get("ETag") != "" || r.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("signed-in preview: %v", r.Header())
		}
		for k := range r.Header() {
			if strings.HasPrefix(strings.ToLower(k), cache.AdvicePrefix) {
				t.Errorf("the advice reached the client: %v", r.Header())
			}
		}
		if b.Calls.Load()-before != 1 {
			t.Fatal("a signed-in preview was served from memory")
		}
	}
	if got := b.LastQuery.Load(); got != "includeUnpublished=true" {
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
			before := b.Calls.Load()
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
			if got := b.Calls.Load() - before; round == 1 && got != 0 {
				t.Errorf("%v: %d fetches the second time, want 0", paths, got)
			}
		}
	}
	// A view that reads nothing: one fetch for every spelling, at once.
	before := b.Calls.Load()
	for _, p := range []string{"/api/public/events/9/leaderboard", "/api/public/events/9/leaderboard?cb=1", "/api/public/Events/9/leaderboard?x=%zz"} {
		get(c, p)
	}
	if got := b.Calls.Load() - before; got != 1 {
		t.Errorf("%d fetches of a view that reads no parameter, want 1", got)
	}
	get(c, "/api/public/events?filterStatus=published,archived&cb=9&filter_status=x")
	if got := b.LastQuery.Load(); got != "filterStatus=published%2Carchived" {
		t.Errorf("the backend got %q", got)
	}
}

func TestPublicCacheFilesAnswersUnderTheCanonicalQuery(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	// The path's parameters are not known yet: the request goes as it came, and its answer
	// is filed under the query public-svc names.
	first := get(c, "/api/public/events?filter_status=ARCHIVED&cb=1")
	if got := b.LastQuery.Load(); got != "filter_status=ARCHIVED&cb=1" {
		t.Errorf("the backend got %q", got)
	}
	r := get(c, "/api/public/events?filterStatus=archived")
	if b.Calls.Load() != 1 || r.Body.String() != first.Body.String() {
		t.Fatalf("the canonical request was not served the filed answer (%d calls)", b.Calls.Load())
	}
	// An answer without advice is served, never kept.
	for range 2 {
		if r := get(c, "/api/public/unadvised"); r.Code != http.StatusOK || r.Header().Get("Cache-Control") != "private, no-store" {
			t.Errorf("unadvised: %d %v", r.Code, r.Header())
		}
	}
	if b.Calls.Load() != 3 {
		t.Errorf("an answer without advice was kept (%d calls)", b.Calls.Load())
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
	before := b.Calls.Load()
	get(c, "/api/public/events/1/leaderboard")
	get(c, "/api/public/events?filterStatus=published")
	if b.Calls.Load() != before {
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
	if b.Calls.Load() != 1 {
		t.Fatalf("%d backend calls: a refused method reached it, or the copy was dropped", b.Calls.Load())
	}
}

func TestPublicCacheServesSignedInCallersTheSameCopy(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	get(c, "/api/public/events/1")
	r1 := get(c, "/api/public/events/1", "Authorization", "Bearer a")
	get(c, "/api/public/events/2", "Authorization", "Bearer b")
	r2 := get(c, "/api/public/events/2")
	if b.Calls.Load() != 2 {
		t.Fatalf("backend called %d times, want 2", b.Calls.Load())
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
	if b.Calls.Load() != 4 { // the two GETs and the two POSTs
		t.Fatalf("a failed write or a sign-in dropped the copies (%d calls)", b.Calls.Load())
	}
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete} {
		r := do(c, m, "/api/results?event=1")
		if r.Header().Get(changes.ChangedEventsHeader) != "" {
			t.Errorf("the changed-events header reached the client: %v", r.Header())
		}
		r = get(c, "/api/public/events/1")
		if !strings.Contains(r.Body.String(), fmt.Sprintf(`"version":%d`, b.Version.Load())) {
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
	if b.Calls.Load() != 2 {
		t.Fatalf("backend called %d times, want 2", b.Calls.Load())
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
	if b.Calls.Load() != 2 {
		t.Fatal("a 404 was kept")
	}
}

func TestPublicCacheCoalescesMisses(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	b.Delay = 50 * time.Millisecond
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
	if b.Calls.Load() != 1 {
		t.Fatalf("backend called %d times for one cold path, want 1", b.Calls.Load())
	}
}

func TestPublicCacheDoesNotKeepAnswersFetchedBeforeAWrite(t *testing.T) {
	t.Parallel()
	c, b := newTestCache(t)
	b.Delay = 50 * time.Millisecond
	done := make(chan struct{})
	go func() { get(c, "/api/public/events/1"); close(done) }()
	poll.Until(t, 5*time.Second, "the read reaches the backend", func() bool { return b.Calls.Load() > 0 })
	c.invalidate() // a write commits while the read is in flight
	<-done
	b.Delay = 0
	get(c, "/api/public/events/1")
	if b.Calls.Load() != 2 {
		t.Fatalf("an answer fetched before the write was kept (%d calls)", b.Calls.Load())
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
		before := b.Calls.Load()
		b.Delay = 50 * time.Millisecond
		done := make(chan struct{})
		go func() { get(c, path); close(done) }()
		poll.Until(t, 5*time.Second, "the read reaches the backend", func() bool { return b.Calls.Load() > before })
		change()
		<-done
		b.Delay = 0
	}

	fetchWhile(func() { c.invalidateEvent("B") })
	calls := b.Calls.Load()
	get(c, path)
	if b.Calls.Load() != calls {
		t.Fatal("a change to event B spoiled a fetch of event A's board")
	}

	fetchWhile(func() { c.invalidateEvent("A") })
	calls = b.Calls.Load()
	get(c, path)
	if b.Calls.Load() != calls+1 {
		t.Fatal("an answer fetched before its own event changed was kept")
	}

	fetchWhile(c.invalidate)
	calls = b.Calls.Load()
	get(c, path)
	if b.Calls.Load() != calls+1 {
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
	before := b.Calls.Load()
	for _, p := range paths {
		get(c, p)
	}
	// A's views, the list and A's team page (whose path does not name its event: public-svc
	// tags it) are fetched again; B's leaderboard and team page are still served from memory.
	if got := b.Calls.Load() - before; got != 4 {
		t.Fatalf("%d fetches after event A changed, want 4", got)
	}
}
