package publicsvc_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// The anonymous levers against the gateway's cache: none of
// them may empty or flood it, or get a preview stored.

func gatewayMisses() float64 {
	return testutil.ToFloat64(telemetry.PublicCache.WithLabelValues("gateway", "miss"))
}

// serial: it counts the process's gateway misses, which parallel stacks share
func TestPublicCacheLevers(t *testing.T) {
	// Copies live for an hour here, so that a miss can only come from a lever, never from a
	// slow machine.
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_PUBLIC_CACHE_TTL": "1h"}})
	w := springThrowdown(t, s)
	w.publishEvent()
	divPath := w.rxLeaderboard()
	lb := &publicv1.DivisionLeaderboard{}
	w.get(divPath, nil) // the gateway keeps a copy

	t.Run("only GET and HEAD reach a public view", func(t *testing.T) {
		for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch} {
			r := s.DoWithHeaders(m, divPath, "a=b", "", map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
			if r.Status != http.StatusMethodNotAllowed || r.Header.Get("Allow") != "GET, HEAD" {
				t.Errorf("%s: %d %v %s", m, r.Status, r.Header, r.Body)
			}
		}
		before := gatewayMisses()
		w.get(divPath, lb)
		if n := gatewayMisses() - before; n != 0 {
			t.Errorf("the refused POSTs dropped the gateway's copy (%v misses)", n)
		}
		identity := map[string]string{"Accept-Encoding": "identity"}
		get := s.DoWithHeaders(http.MethodGet, divPath, nil, "", identity)
		head := s.DoWithHeaders(http.MethodHead, divPath, nil, "", identity)
		if head.Status != http.StatusOK || len(head.Body) != 0 || head.Header.Get("ETag") != get.Header.Get("ETag") ||
			head.Header.Get("Content-Length") != fmt.Sprint(len(get.Body)) {
			t.Errorf("HEAD: %d %v", head.Status, head.Header)
		}
	})

	t.Run("parameters a view does not read are not part of its key", func(t *testing.T) {
		w.get(divPath+"?cb=warm", nil)
		before := gatewayMisses()
		for i := range 20 {
			r := w.get(fmt.Sprintf("%s?cb=%d&utm_source=x%d", divPath, i, i), lb)
			if standingsText(lb) != publicRx || r.Header.Get("Cache-Control") != "public, max-age=5, stale-while-revalidate=30" {
				t.Fatalf("?cb=%d: %s %v", i, standingsText(lb), r.Header)
			}
		}
		if n := gatewayMisses() - before; n != 0 {
			t.Errorf("20 cache-busting requests missed the gateway's copy %v times", n)
		}
	})

	t.Run("a preview is decided on the parsed query and never shared; anonymous, it is the public request", func(t *testing.T) {
		for _, q := range []string{"incl%75deUnpublished=true", "%69nclude_unpublished=1", "includeUnpublished=TRUE"} {
			admin := s.DoWithHeaders(http.MethodGet, divPath+"?"+q, nil, s.Token, nil).MustStatus(t, http.StatusOK)
			admin.Decode(t, lb)
			if got := standingsText(lb); got != adminRx {
				t.Errorf("%s with the admin token is not the preview:\n%s", q, got)
			}
			if cc := admin.Header.Get("Cache-Control"); cc != "private, no-store" || admin.Header.Get("ETag") != "" {
				t.Errorf("%s: Cache-Control %q ETag %q", q, cc, admin.Header.Get("ETag"))
			}
			anon := w.get(divPath+"?"+q, lb)
			if got := standingsText(lb); got != publicRx || anon.Header.Get("Cache-Control") != "public, max-age=5, stale-while-revalidate=30" {
				t.Errorf("%s anonymously: %q\n%s", q, anon.Header.Get("Cache-Control"), got)
			}
			w.get(divPath, lb)
			if got := standingsText(lb); got != publicRx {
				t.Fatalf("after the %s preview, the public answer is:\n%s", q, got)
			}
		}
	})

	t.Run("every spelling public-svc files under one answer is served from memory after its first", func(t *testing.T) {
		spellings := []string{"/api/public/events", "/api/public/events?filterStatus=in_progress,published",
			"/api/public/events?filter_status=PUBLISHED,%20in_progress&cb=1", "/api/public/events?filterStatus=published,in_progress"}
		var first string
		for round := range 2 {
			before := gatewayMisses()
			for _, p := range spellings {
				r := w.get(p, nil)
				if first == "" {
					first = string(r.Body)
				} else if string(r.Body) != first {
					t.Errorf("%s answered otherwise than %s", p, spellings[0])
				}
				for k := range r.Header {
					if strings.HasPrefix(strings.ToLower(k), "podium-") {
						t.Errorf("%s: the header %s reached the client", p, k)
					}
				}
			}
			if n := gatewayMisses() - before; round == 1 && n != 0 {
				t.Errorf("the second time, %v misses", n)
			}
		}
	})

	t.Run("admin answers are not stored", func(t *testing.T) {
		for _, p := range []string{"/api/events", "/api/events/" + w.ID} {
			if r := s.Admin(http.MethodGet, p, nil).MustStatus(t, http.StatusOK); r.Header.Get("Cache-Control") != "no-store" {
				t.Errorf("%s: Cache-Control %q", p, r.Header.Get("Cache-Control"))
			}
		}
		r := s.Do(http.MethodPost, "/api/auth/login", map[string]string{"username": s.AdminUsername, "password": stacktest.AdminPassword}, "")
		if r.Status != http.StatusOK || !strings.Contains(r.Header.Get("Cache-Control"), "no-store") {
			t.Errorf("sign-in: %d %q", r.Status, r.Header.Get("Cache-Control"))
		}
	})
}
