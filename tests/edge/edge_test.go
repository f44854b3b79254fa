// Package edge tests the shipped edge (k8s/components/edge/podium-edge.conf.template): the real
// nginx, configured from that very file, in front of a real gateway.
package edge

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
	"github.com/podium-dev/podium/internal/sseclient"
)

// published is an event with one division, one workout and a published result, seen through
// an edge in front of its stack.
type published struct {
	s     *stacktest.Stack
	edge  *Edge
	ev    *eventtest.Event
	board string // the division leaderboard's path
}

func start(t *testing.T) *published {
	t.Helper()
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_TRUSTED_PROXIES": "127.0.0.1/32"}})
	edge := StartEdge(t, strings.TrimPrefix(s.URL, "http://"))
	ev := s.Events(t).Event(eventtest.Fields{"name": "Edge Open", "dateFrom": "2026-06-01", "dateTo": "2026-06-02", "status": "PUBLISHED"})
	d := ev.Division("Rx", "", eventtest.Named("Alpha", "Bravo")...)
	ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	ev.Publish(ev.Result("Alpha", "Fran", eventtest.Fields{"resultValue": 185}))
	return &published{s: s, edge: edge, ev: ev, board: "/api/public/events/" + ev.ID + "/divisions/" + d.GetId() + "/leaderboard"}
}

type answer struct {
	status  int
	header  http.Header
	body    string
	edgeHit string
}

func get(t *testing.T, url string, headers map[string]string) answer {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	// A transport that asks for what the headers say and decodes nothing by itself.
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	var r io.Reader = resp.Body
	if resp.Header.Get("Content-Encoding") == "gzip" {
		if r, err = gzip.NewReader(resp.Body); err != nil {
			t.Fatalf("GET %s: gzip: %v", url, err)
		}
	}
	body, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	return answer{status: resp.StatusCode, header: resp.Header, body: string(body), edgeHit: resp.Header.Get("X-Edge-Cache")}
}

func TestEdgeKeepsPublicJSONAsTheGatewaySays(t *testing.T) {
	t.Parallel()
	p := start(t)
	url := p.edge.URL + p.board

	for _, enc := range []string{"", "gzip"} {
		h := map[string]string{"Accept-Encoding": enc}
		first, second := get(t, url, h), get(t, url, h)
		if first.status != http.StatusOK || first.edgeHit != "MISS" {
			t.Fatalf("encoding %q: first answer %d, X-Edge-Cache %q; want 200 MISS", enc, first.status, first.edgeHit)
		}
		if second.status != http.StatusOK || second.edgeHit != "HIT" || second.body != first.body {
			t.Fatalf("encoding %q: second answer %d, X-Edge-Cache %q, same body %v; want 200 HIT, same body", enc, second.status, second.edgeHit, second.body == first.body)
		}
		if got := second.header.Get("Content-Encoding"); got != enc {
			t.Fatalf("asked for %q, the edge answered Content-Encoding %q", enc, got)
		}
		if !strings.Contains(second.body, "Alpha") {
			t.Fatalf("the board through the edge has no Alpha: %.200s", second.body)
		}
	}
	// A parameter no view reads shares the copy.
	if a := get(t, url+"?cb=12345", nil); a.edgeHit != "HIT" {
		t.Fatalf("?cb=<random>: X-Edge-Cache %q; want the kept copy", a.edgeHit)
	}
	// A page that names a change number gets an answer no older copy can give.
	if a := get(t, url+"?change=987654", nil); a.edgeHit != "MISS" || a.status != http.StatusOK {
		t.Fatalf("?change=<n>: %d, X-Edge-Cache %q; want 200 from the gateway (MISS)", a.status, a.edgeHit)
	}
	// Every browser's Accept-Encoding falls into one of the two copies.
	if a := get(t, url, map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"}); a.edgeHit != "HIT" || a.header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("a browser's Accept-Encoding: X-Edge-Cache %q, Content-Encoding %q; want the kept gzip copy", a.edgeHit, a.header.Get("Content-Encoding"))
	}
}

func TestEdgeNeverKeepsWhatCarriesAToken(t *testing.T) {
	t.Parallel()
	p := start(t)
	auth := map[string]string{"Authorization": "Bearer " + p.s.Token}

	preview := p.edge.URL + p.board + "?includeUnpublished=true"
	for i := 0; i < 2; i++ {
		a := get(t, preview, auth)
		if a.status != http.StatusOK || a.edgeHit != "BYPASS" {
			t.Fatalf("preview with a token, call %d: %d, X-Edge-Cache %q; want 200 BYPASS", i+1, a.status, a.edgeHit)
		}
	}
	// The console's own calls pass through untouched: a change shows on the very next read.
	events := p.edge.URL + "/api/events/" + p.ev.ID
	before := get(t, events, auth)
	if before.status != http.StatusOK || before.edgeHit != "" {
		t.Fatalf("admin read: %d, X-Edge-Cache %q; want 200 and no edge cache", before.status, before.edgeHit)
	}
	p.s.Admin(http.MethodPut, "/api/events/"+p.ev.ID, map[string]any{
		"name": "Edge Open Renamed", "dateFrom": "2026-06-01", "dateTo": "2026-06-02",
	}).MustStatus(t, http.StatusOK)
	if after := get(t, events, auth); !strings.Contains(after.body, "Edge Open Renamed") {
		t.Fatalf("the admin read after a rename still shows the old name: %.200s", after.body)
	}
}

func TestEdgePassesStreamsThroughUnbuffered(t *testing.T) {
	t.Parallel()
	p := start(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, err := sseclient.Open(ctx, http.DefaultClient, p.edge.URL+"/api/public/events/"+p.ev.ID+"/stream", "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Preamble(); err != nil {
		t.Fatalf("the stream's preamble did not come through the edge: %v", err)
	}
	got := make(chan error, 1)
	go func() {
		ev, err := st.Next()
		if err == nil && ev.Name != "changed" {
			err = io.ErrUnexpectedEOF
		}
		got <- err
	}()
	p.ev.Publish(p.ev.Result("Bravo", "Fran", eventtest.Fields{"resultValue": 200}))
	select {
	case err := <-got:
		if err != nil {
			t.Fatalf("stream through the edge: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a published change did not come through the edge's stream within 10 s (buffered?)")
	}
}

func TestEdgeServesAChangeOnceItsCopyHasExpired(t *testing.T) {
	t.Parallel()
	p := start(t)
	url := p.edge.URL + p.board
	if a := get(t, url, nil); strings.Contains(a.body, "3:20") {
		t.Fatalf("the board already shows the change: %.200s", a.body)
	}
	p.ev.Publish(p.ev.Result("Bravo", "Fran", eventtest.Fields{"resultValue": 200}))
	// The kept copy may be served for max-age (5 s); after it the edge refreshes it.
	poll.Until(t, 12*time.Second, "the change comes through the edge", func() bool {
		return strings.Contains(get(t, url, nil).body, "3:20")
	})
}

// Every answer names its own request, a kept copy too; and the gateways see the edge's
// headers on public reads as on every other path (a location of its own would drop them).
func TestEdgeNamesEveryRequestAndPassesItsHeadersOnPublicReads(t *testing.T) {
	t.Parallel()
	p := start(t)
	url := p.edge.URL + p.board
	miss, hit := get(t, url, nil), get(t, url, nil)
	if miss.edgeHit != "MISS" || hit.edgeHit != "HIT" {
		t.Fatalf("X-Edge-Cache %q then %q; want MISS then HIT", miss.edgeHit, hit.edgeHit)
	}
	ids := []string{miss.header.Get("X-Request-Id"), hit.header.Get("X-Request-Id"), get(t, p.edge.URL+"/api/public/events", nil).header.Get("X-Request-Id")}
	for i, id := range ids {
		if len(id) != 32 || strings.Trim(id, "0123456789abcdef") != "" || slices.Contains(ids[:i], id) {
			t.Fatalf("request ids %q: want one of nginx's 32 hex digits per answer", ids)
		}
	}
	if vals := miss.header.Values("X-Request-Id"); len(vals) != 1 {
		t.Fatalf("the miss carries X-Request-Id %q; want the edge's alone", vals)
	}
	// The access log has each request's id and the one the gateway answered with: on the miss
	// they are the same, so the gateway was sent the edge's headers.
	var line string
	poll.Until(t, 5*time.Second, "the miss in the edge's access log", func() bool {
		log, err := os.ReadFile(filepath.Join(p.edge.Dir, "access.log"))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(log), "\n") {
			if strings.Contains(l, " "+ids[0]+" ") {
				line = l
				return true
			}
		}
		return false
	})
	if f := strings.Fields(line); len(f) != 5 || f[2] != "MISS" || f[4] != ids[0] {
		t.Fatalf("access log line %q: want the gateway's answer to name the edge's id %s", line, ids[0])
	}
}

// Every parameter a public view reads is part of the edge's key: a board's page, its filters
// and a search each get their own copy, never another's.
func TestEdgeKeepsEachViewOfItsParameters(t *testing.T) {
	t.Parallel()
	p := start(t)
	board := strings.TrimSuffix(p.board, "/leaderboard") + "/board"
	for _, pair := range [][2]string{
		{board + "/search?q=Alpha", board + "/search?q=Bravo"},
		{board + "?page=1", board + "?page=2"},
		{board + "?country=NO", board + "?country=SE"},
		{board + "?ageBand=35-39", board + "?ageBand=40-44"},
		{board + "?club=A", board + "?club=B"},
		{"/api/public/search?q=Alpha", "/api/public/search?q=Bravo"},
		{"/api/public/events?q=Edge", "/api/public/events?q=Nothing"},
	} {
		direct := get(t, p.s.URL+pair[1], nil)
		get(t, p.edge.URL+pair[0], nil) // the first view, kept
		through := get(t, p.edge.URL+pair[1], nil)
		if through.status != direct.status || through.body != direct.body {
			t.Errorf("%s after %s through the edge: %d %.120s (X-Edge-Cache %s); the gateway answers %d %.120s",
				pair[1], pair[0], through.status, through.body, through.edgeHit, direct.status, direct.body)
		}
	}
}
