package gateway_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
)

// An event's embed pages may be framed by the origins its organiser listed, and only those
// (docs/venue.md, "Embedding"); every other page, and every other event's, keeps
// frame-ancestors 'none' with X-Frame-Options: DENY.
func TestEmbedPagesFrameAncestorsPerEvent(t *testing.T) {
	t.Parallel()
	web := t.TempDir()
	if err := os.WriteFile(filepath.Join(web, "index.html"), []byte("<!doctype html><title>Podium</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_WEB_DIR": web}})
	day := eventtest.Fields{"dateFrom": "2026-06-01", "dateTo": "2026-06-01", "status": "PUBLISHED"}
	with := func(name string, f eventtest.Fields) eventtest.Fields {
		out := eventtest.Fields{"name": name}
		for k, v := range f {
			out[k] = v
		}
		return out
	}
	listed := s.Events(t).Event(with("Framed Games", day))
	quiet := s.Events(t).Event(with("Quiet Games", day))
	draft := s.Events(t).Event(eventtest.Fields{"name": "Draft Games", "dateFrom": "2026-06-01", "dateTo": "2026-06-01"})
	for _, ev := range []string{listed.ID, draft.ID} {
		s.Admin(http.MethodPut, "/api/events/"+ev+"/venue", map[string]any{"tvRows": 10, "tvSeconds": 12,
			"embedOrigins": []string{"https://club.example.com", "https://live.example.org:8443"}}).MustStatus(t, http.StatusOK)
	}

	const allowed = "frame-ancestors https://club.example.com https://live.example.org:8443"
	headers := func(path string) http.Header {
		r := s.Do(http.MethodGet, path, nil, "")
		if r.Status != http.StatusOK {
			t.Fatalf("GET %s: %d", path, r.Status)
		}
		return r.Header
	}
	denied := func(path string) {
		t.Helper()
		h := headers(path)
		if csp := h.Get("Content-Security-Policy"); !containsDirective(csp, "frame-ancestors 'none'") || h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: CSP %q, X-Frame-Options %q: want frame-ancestors 'none' and DENY", path, csp, h.Get("X-Frame-Options"))
		}
	}

	// Every embedded board: a division's, a workout's, the overview, the schedule.
	for _, page := range []string{"/divisions/x/leaderboard", "/divisions/x/workouts/y/leaderboard", "/leaderboard", "/schedule"} {
		// A list not read within embedTimeout (a busy machine) leaves the page denied and is
		// read again on the next request.
		var h http.Header
		poll.Within(10*time.Second, func() bool {
			h = headers("/embed/events/" + listed.ID + page)
			return containsDirective(h.Get("Content-Security-Policy"), allowed)
		})
		if csp := h.Get("Content-Security-Policy"); !containsDirective(csp, allowed) || !containsDirective(csp, "script-src 'self'") {
			t.Errorf("listed event's embed page %s: CSP %q, want %q and the rest of the site's policy", page, csp, allowed)
		}
		if xfo := h.Values("X-Frame-Options"); len(xfo) != 0 {
			t.Errorf("listed event's embed page %s: X-Frame-Options %q contradicts its frame-ancestors", page, xfo)
		}
	}
	denied("/embed/events/" + quiet.ID + "/divisions/x/leaderboard") // lists none
	denied("/embed/events/" + draft.ID + "/divisions/x/leaderboard") // not public
	denied("/embed/events/" + quiet.ID + "/schedule")
	denied("/embed/events/not-an-id/leaderboard")
	denied("/public/events/" + listed.ID + "/leaderboard") // not an embed page
	// Only the embed pages themselves: any other path under an event that lists origins is no
	// page (404) and keeps the site's policy, so no other page of the site (the public pages'
	// "Athlete sign-in") shows inside a foreign frame.
	for _, path := range []string{"/embed/events/" + listed.ID + "/", "/embed/events/" + listed.ID,
		"/embed/events/" + listed.ID + "/public/events", "/embed/events/" + listed.ID + "/login",
		"/embed/events/" + listed.ID + "/leaderboard/extra", "/embed/events/" + listed.ID + "/leaderboard/",
		"/embed/events/" + listed.ID + "/divisions/x/workouts/y/leaderboard/z",
		"/embed/events/" + listed.ID + "/divisions//leaderboard",
		"/embed/events/" + listed.ID + "/schedule/../../../public/me", "/embed/events/" + listed.ID + "/me/registrations",
		"/embed/events/" + listed.ID + "/divisions/x/teams"} {
		r := s.Do(http.MethodGet, path, nil, "")
		csp := r.Header.Get("Content-Security-Policy")
		if r.Status != http.StatusNotFound || !containsDirective(csp, "frame-ancestors 'none'") || r.Header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: %d, CSP %q, X-Frame-Options %q: want 404 with frame-ancestors 'none' and DENY", path, r.Status, csp, r.Header.Get("X-Frame-Options"))
		}
	}
	denied("/tv/events/" + listed.ID)

	// Emptying the list takes the permission back (within the kept list's few seconds).
	s.Admin(http.MethodPut, "/api/events/"+listed.ID+"/venue", map[string]any{"tvRows": 10, "tvSeconds": 12}).MustStatus(t, http.StatusOK)
	poll.Until(t, 15*time.Second, "the emptied list to reach the embed page", func() bool {
		h := headers("/embed/events/" + listed.ID + "/divisions/x/leaderboard")
		return containsDirective(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") && h.Get("X-Frame-Options") == "DENY"
	})
}

func containsDirective(csp, directive string) bool {
	for _, d := range strings.Split(csp, ";") {
		if strings.TrimSpace(d) == directive {
			return true
		}
	}
	return false
}
