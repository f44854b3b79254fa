package publicsvc_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// user creates a user with a global role and returns its id and a token.
func user(t *testing.T, s *stacktest.Stack, name, role string) (id, token string) {
	t.Helper()
	var u struct{ ID string }
	s.Admin(http.MethodPost, "/api/users", map[string]any{"username": name, "password": name + "-passphrase", "role": role}).
		MustStatus(t, http.StatusOK).Decode(t, &u)
	return u.ID, s.Login(name, name+"-passphrase")
}

// A Draft event's boards are previewed by admins and anyone holding a grant on the event, marked
// as a Draft; everyone else, and a request that does not ask for the preview, gets the 404 a
// missing event gets.
func TestDraftEventPreview(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := springThrowdown(t, s) // DRAFT
	scorerID, scorer := user(t, s, "draft-scorer", "scorer")
	_, stranger := user(t, s, "draft-stranger", "organiser")
	s.Admin(http.MethodPut, "/api/events/"+w.ID+"/access/"+scorerID, map[string]any{"role": "scorer"}).MustStatus(t, http.StatusOK)
	division := w.rxLeaderboard()
	workout := "/api/public/events/" + w.ID + "/divisions/" + w.DivisionID("Rx") + "/workouts/" + w.WorkoutID("Fran") + "/leaderboard"

	for who, token := range map[string]string{"admin": s.Token, "scorer with a grant": scorer} {
		lb := &publicv1.DivisionLeaderboard{}
		s.Do(http.MethodGet, division+"?includeUnpublished=1", nil, token).MustStatus(t, http.StatusOK).Decode(t, lb)
		if !lb.Event.Draft || !lb.IncludeUnpublished || standingsText(lb) != adminRx {
			t.Errorf("%s: draft %v, preview %v, standings\n%s", who, lb.Event.Draft, lb.IncludeUnpublished, standingsText(lb))
		}
		wl := &publicv1.WorkoutLeaderboard{}
		s.Do(http.MethodGet, workout+"?includeUnpublished=1", nil, token).MustStatus(t, http.StatusOK).Decode(t, wl)
		if !wl.Event.Draft || !wl.IncludeUnpublished {
			t.Errorf("%s: workout draft %v, preview %v", who, wl.Event.Draft, wl.IncludeUnpublished)
		}
		if r := s.Do(http.MethodGet, division, nil, token); r.Status != http.StatusNotFound {
			t.Errorf("%s without the preview: %d", who, r.Status)
		}
	}
	for who, token := range map[string]string{"anonymous": "", "organiser without a grant": stranger, "bad token": "not-a-token"} {
		for _, path := range []string{division, workout} {
			r := s.Do(http.MethodGet, path+"?includeUnpublished=1", nil, token)
			if r.Status != http.StatusNotFound {
				t.Errorf("%s, %s: %d %s, want 404", who, path, r.Status, r.Body)
			}
		}
	}

	w.publishEvent()
	lb := &publicv1.DivisionLeaderboard{}
	s.Do(http.MethodGet, division+"?includeUnpublished=1", nil, scorer).MustStatus(t, http.StatusOK).Decode(t, lb)
	if lb.Event.Draft || !lb.IncludeUnpublished {
		t.Errorf("published event: draft %v, preview %v", lb.Event.Draft, lb.IncludeUnpublished)
	}
}

// Every public page of a Draft event is previewed by admins and anyone holding a grant on the
// event, marked as a preview (Details, event leaderboard and Teams, Schedule, team page, CSV
// with its draft rows marked); everyone else, and a request that does not ask for the preview,
// gets the 404 a missing event gets.
func TestDraftEventPreviewOfEveryPage(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := springThrowdown(t, s) // DRAFT; Charlie's Fran 2:50 is unpublished
	scorerID, scorer := user(t, s, "page-scorer", "scorer")
	_, stranger := user(t, s, "page-stranger", "organiser")
	s.Admin(http.MethodPut, "/api/events/"+w.ID+"/access/"+scorerID, map[string]any{"role": "scorer"}).MustStatus(t, http.StatusOK)
	base := "/api/public/events/" + w.ID
	csv := base + "/divisions/" + w.DivisionID("Rx") + "/leaderboard.csv"
	pages := []string{base, base + "/leaderboard", base + "/schedule", "/api/public/teams/" + w.TeamID("Charlie"), csv}

	for who, token := range map[string]string{"admin": s.Token, "scorer with a grant": scorer} {
		ev := &publicv1.PublicEvent{}
		s.Do(http.MethodGet, base+"?includeUnpublished=1", nil, token).MustStatus(t, http.StatusOK).Decode(t, ev)
		if !ev.Draft || !ev.IncludeUnpublished || ev.Name != "Spring Throwdown" {
			t.Errorf("%s: details draft %v, preview %v, name %q", who, ev.Draft, ev.IncludeUnpublished, ev.Name)
		}
		lb := &publicv1.EventLeaderboard{}
		s.Do(http.MethodGet, base+"/leaderboard?includeUnpublished=true", nil, token).MustStatus(t, http.StatusOK).Decode(t, lb)
		if !lb.Event.Draft || !lb.IncludeUnpublished || len(lb.Teams) != 5 {
			t.Errorf("%s: leaderboard draft %v, preview %v, %d teams", who, lb.Event.Draft, lb.IncludeUnpublished, len(lb.Teams))
		}
		sc := &publicv1.Schedule{}
		s.Do(http.MethodGet, base+"/schedule?includeUnpublished=1", nil, token).MustStatus(t, http.StatusOK).Decode(t, sc)
		if !sc.Draft || !sc.IncludeUnpublished {
			t.Errorf("%s: schedule draft %v, preview %v", who, sc.Draft, sc.IncludeUnpublished)
		}
		team := &publicv1.TeamDetails{}
		s.Do(http.MethodGet, "/api/public/teams/"+w.TeamID("Charlie")+"?includeUnpublished=1", nil, token).MustStatus(t, http.StatusOK).Decode(t, team)
		// Charlie's unpublished 2:50 counts in the preview: first in Fran.
		if !team.Event.Draft || !team.IncludeUnpublished || team.WorkoutResults[0].GetResult() != "2:50" {
			t.Errorf("%s: team draft %v, preview %v, Fran %q", who, team.Event.Draft, team.IncludeUnpublished, team.WorkoutResults[0].GetResult())
		}
		r := s.Do(http.MethodGet, csv+"?includeUnpublished=1", nil, token).MustStatus(t, http.StatusOK)
		lines := strings.Split(strings.TrimSpace(strings.ReplaceAll(string(r.Body), "\r\n", "\n")), "\n")
		if !strings.HasSuffix(lines[0], ",Draft") || !strings.Contains(r.Header.Get("Content-Disposition"), "preview") {
			t.Errorf("%s: CSV header %q, %q", who, lines[0], r.Header.Get("Content-Disposition"))
		}
		for _, line := range lines[1:] {
			if draft := strings.HasSuffix(line, ",draft"); draft != strings.Contains(line, "Charlie") {
				t.Errorf("%s: CSV row %q: marked draft %v", who, line, draft)
			}
		}
		for _, path := range pages {
			if r := s.Do(http.MethodGet, path, nil, token); r.Status != http.StatusNotFound {
				t.Errorf("%s, %s without the preview: %d", who, path, r.Status)
			}
		}
	}
	for who, token := range map[string]string{"anonymous": "", "organiser without a grant": stranger, "bad token": "not-a-token"} {
		for _, path := range pages {
			if r := s.Do(http.MethodGet, path+"?includeUnpublished=1", nil, token); r.Status != http.StatusNotFound {
				t.Errorf("%s, %s: %d %s, want 404", who, path, r.Status, r.Body)
			}
		}
	}

	// Published: the public pages are plain again, the CSV has no Draft column.
	w.publishEvent()
	ev := &publicv1.PublicEvent{}
	s.Do(http.MethodGet, base, nil, "").MustStatus(t, http.StatusOK).Decode(t, ev)
	if ev.Draft || ev.IncludeUnpublished {
		t.Errorf("published event: draft %v, preview %v", ev.Draft, ev.IncludeUnpublished)
	}
	if body := string(s.Do(http.MethodGet, csv, nil, "").MustStatus(t, http.StatusOK).Body); strings.Contains(body, "Draft") || strings.Contains(body, "2:50") {
		t.Errorf("public CSV shows the preview:\n%s", body)
	}
}

// A preview asked without a valid token is the shared public request: the plain request's
// copy and headers, answered from the gateway's memory (no view is fetched from public-svc
// for it); with a token and a grant it is private.
func TestAnonymousPreviewIsThePublicRequest(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := springThrowdown(t, s)
	w.publishEvent()
	path := w.rxLeaderboard()
	identity := map[string]string{"Accept-Encoding": "identity"}
	plain := s.DoWithHeaders(http.MethodGet, path, nil, "", identity).MustStatus(t, http.StatusOK)
	hits := testutil.ToFloat64(telemetry.PublicCache.WithLabelValues("gateway", "hit"))
	for _, token := range []string{"", "not-a-token"} {
		for _, q := range []string{"?includeUnpublished=true", "?includeUnpublished=1", "?include_unpublished=true"} {
			r := s.DoWithHeaders(http.MethodGet, path+q, nil, token, identity).MustStatus(t, http.StatusOK)
			if r.Header.Get("Cache-Control") != plain.Header.Get("Cache-Control") || r.Header.Get("ETag") != plain.Header.Get("ETag") ||
				!bytes.Equal(r.Body, plain.Body) {
				t.Errorf("token %q %s: Cache-Control %q, ETag %q; the plain request's: %q, %q", token, q,
					r.Header.Get("Cache-Control"), r.Header.Get("ETag"), plain.Header.Get("Cache-Control"), plain.Header.Get("ETag"))
			}
		}
	}
	// The three tokenless requests came from the gateway's memory (a forged token is asked
	// about, then answered as the shared copy).
	if got := testutil.ToFloat64(telemetry.PublicCache.WithLabelValues("gateway", "hit")) - hits; got < 3 {
		t.Errorf("%g of the anonymous previews were answered from memory, want 3", got)
	}
	admin := s.DoWithHeaders(http.MethodGet, path+"?includeUnpublished=true", nil, s.Token, identity).MustStatus(t, http.StatusOK)
	lb := &publicv1.DivisionLeaderboard{}
	admin.Decode(t, lb)
	if admin.Header.Get("Cache-Control") != "private, no-store" || !lb.IncludeUnpublished || standingsText(lb) != adminRx {
		t.Errorf("admin preview: %q, preview %v", admin.Header.Get("Cache-Control"), lb.IncludeUnpublished)
	}
}
