package publiccache

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/platform/pgtest"
)

// changeCache is a public cache whose change numbers come from a push channel on the test
// Redis, as the gateway's do.
func changeCache(t *testing.T) (*Cache, *backend, *changes.Channel) {
	t.Helper()
	c, b := newTestCache(t)
	ns := make([]byte, 6)
	rand.Read(ns) // never fails
	ch := changes.NewChannel(pgtest.NewRedis(t), "gwtest-"+hex.EncodeToString(ns))
	c.seqSource = ch
	return c, b, ch
}

// publish numbers a change of the event on Redis and tells the cache, as the streams' follower
// does; hear false leaves this gateway behind (another gateway's stream told the page).
func publish(t *testing.T, c *Cache, b *backend, ch *changes.Channel, event string, hear bool) int64 {
	t.Helper()
	b.Version.Add(1) // committed before it is numbered
	n, err := ch.Publish(context.Background(), changes.Change{EventID: event, Public: true})
	if err != nil {
		t.Fatal(err)
	}
	if hear {
		c.noteChange(changes.Change{EventID: event, Seq: n})
	}
	return n
}

func getChange(t *testing.T, c *Cache, url string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	c.ServeHTTP(w, httptest.NewRequest(http.MethodGet, url, nil))
	if w.Code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", url, w.Code, w.Body)
	}
	return w
}

func TestChangeNumbersShareTheCopyAndNeverAnswerOlder(t *testing.T) {
	t.Parallel()
	c, b, ch := changeCache(t)
	const board = "/api/public/events/e1/divisions/d1/leaderboard"

	// The first answer's path is learned; the second knows its event and files its change number.
	getChange(t, c, board)
	first := publish(t, c, b, ch, "e1", true)
	w := getChange(t, c, board)
	if got := w.Header().Get(ChangeHeader); got != strconv.FormatInt(first, 10) {
		t.Fatalf("%s = %q, want %d", ChangeHeader, got, first)
	}
	calls := b.Calls.Load()

	// Naming a change the copy holds shares it: no fetch, same body, kept by caches.
	w2 := getChange(t, c, board+"?change="+strconv.FormatInt(first, 10))
	if b.Calls.Load() != calls || w2.Body.String() != w.Body.String() {
		t.Fatalf("?change=%d fetched again (%d calls) or answered another body", first, b.Calls.Load()-calls)
	}
	if cc := w2.Header().Get("Cache-Control"); cc != publicCacheControl[0] {
		t.Fatalf("Cache-Control %q", cc)
	}

	// A change this gateway has not heard of yet (the page's stream is on another gateway): the
	// held copy does not hold it, so it is fetched again and answers the new version.
	second := publish(t, c, b, ch, "e1", false)
	w3 := getChange(t, c, board+"?change="+strconv.FormatInt(second, 10))
	if b.Calls.Load() != calls+1 {
		t.Fatalf("?change=%d: %d fetches, want 1", second, b.Calls.Load()-calls)
	}
	if w3.Body.String() == w.Body.String() {
		t.Fatal("answered the copy from before the change")
	}
	if q, _ := b.LastQuery.Load().(string); q != "" {
		t.Fatalf("public-svc was asked with query %q", q)
	}
	if got := w3.Header().Get(ChangeHeader); got != strconv.FormatInt(second, 10) {
		t.Fatalf("%s = %q, want %d", ChangeHeader, got, second)
	}
	// ... and the plain URL is now answered by that fresh copy.
	if w4 := getChange(t, c, board); w4.Body.String() != w3.Body.String() || b.Calls.Load() != calls+1 {
		t.Fatal("the plain URL did not share the fresh copy")
	}

	// A number the event has not reached: what is held, kept by nobody.
	w5 := getChange(t, c, board+"?change="+strconv.FormatInt(second+100, 10))
	if cc := w5.Header().Get("Cache-Control"); cc != "no-store" {
		t.Fatalf("unreached change: Cache-Control %q, want no-store", cc)
	}
	if b.Calls.Load() != calls+1 {
		t.Fatal("an unreached change number fetched again")
	}
}

func TestAHeardChangeDropsTheCopyBeforeTheStreamsHearIt(t *testing.T) {
	t.Parallel()
	c, b, ch := changeCache(t)
	const board = "/api/public/events/e2/leaderboard"
	getChange(t, c, board)
	before := getChange(t, c, board).Body.String()
	n := publish(t, c, b, ch, "e2", true)
	w := getChange(t, c, board+"?change="+strconv.FormatInt(n, 10))
	if w.Body.String() == before {
		t.Fatal("answered the copy from before the change")
	}
	if got := w.Header().Get(ChangeHeader); got != strconv.FormatInt(n, 10) {
		t.Fatalf("%s = %q, want %d", ChangeHeader, got, n)
	}
}

// A write through this gateway that changed an event makes the next change number read come
// from Redis, where the write's change was numbered before it answered: the number this
// gateway had filed is older, and the change's message may still be on its way.
func TestAWriteThroughTheGatewayForgetsTheFiledChangeNumber(t *testing.T) {
	t.Parallel()
	c, b, ch := changeCache(t)
	first := publish(t, c, b, ch, "e1", true)
	if n, ok := c.seqFloor(context.Background(), "e1"); !ok || n != first {
		t.Fatalf("filed number %d (%v), want %d", n, ok, first)
	}
	second := publish(t, c, b, ch, "e1", false) // numbered; its message not heard yet

	w := &invalidatingWriter{ResponseWriter: httptest.NewRecorder(), c: c}
	w.Header().Set(changes.ChangedEventsHeader, "E1")
	w.WriteHeader(http.StatusOK)
	if n, ok := c.seqFloor(context.Background(), "e1"); !ok || n != second {
		t.Fatalf("after the write: number %d (%v), want %d", n, ok, second)
	}

	// A failed write changed nothing: the filed number stays.
	third := publish(t, c, b, ch, "e1", false)
	failed := &invalidatingWriter{ResponseWriter: httptest.NewRecorder(), c: c}
	failed.Header().Set(changes.ChangedEventsHeader, "e1")
	failed.WriteHeader(http.StatusConflict)
	if n, _ := c.seqFloor(context.Background(), "e1"); n != second {
		t.Fatalf("after a failed write: number %d, want the filed %d (not %d)", n, second, third)
	}
}
