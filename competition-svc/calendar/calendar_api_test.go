package calendar_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// parse unfolds an iCalendar file and returns its VEVENTs' properties, failing on a line that
// does not end in CRLF or is longer than 75 octets.
func parse(t *testing.T, body string) []map[string]string {
	t.Helper()
	if !strings.HasPrefix(body, "BEGIN:VCALENDAR\r\n") || !strings.HasSuffix(body, "END:VCALENDAR\r\n") {
		t.Fatalf("not a calendar: %q", body)
	}
	for _, l := range strings.Split(body, "\r\n") {
		if len(l) > 75 || strings.Contains(l, "\n") {
			t.Errorf("line %q", l)
		}
	}
	var out []map[string]string
	var cur map[string]string
	for _, l := range strings.Split(strings.ReplaceAll(body, "\r\n ", ""), "\r\n") {
		k, v, _ := strings.Cut(l, ":")
		switch {
		case l == "BEGIN:VEVENT":
			cur = map[string]string{}
		case l == "END:VEVENT":
			out = append(out, cur)
			cur = nil
		case cur != nil:
			cur[k] = v
		}
	}
	return out
}

// An athlete's heats calendar: the heats of their own confirmed team (captain or partner), in
// the event's zone, with a UID that stays; nobody else's, and nothing without an athlete's
// session.
func TestMyHeatsCalendar(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev := s.Events(t).Event(eventtest.Fields{"name": "Open Games", "dateFrom": "2026-12-01", "dateTo": "2026-12-02", "location": "Halle 3, Leipzig"})
	d := ev.Division("RX Pairs", "")
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/online", eventtest.Fields{"format": "in_person", "timeZone": "Europe/Paris"}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", apitest.Obj{"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339),
		"closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339), "capacity": 5, "currency": "EUR"}).MustStatus(t, http.StatusOK)
	ev.AddTeams(d, eventtest.Named("Hand Alpha")...)
	workout := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1)).GetId()
	anna, ben, cleo := s.SignUpAthlete("Anna", "Cal"), s.SignUpAthlete("Ben", "Cal"), s.SignUpAthlete("Cleo", "Cal")
	var reg apitest.Obj
	if err := json.Unmarshal(s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations",
		apitest.Obj{"divisionId": d.GetId(), "teamName": "Calendar Pair"}, anna.Token).MustStatus(t, http.StatusOK).Body, &reg); err != nil {
		t.Fatal(err)
	}
	s.Do(http.MethodPost, "/api/registration/accept", apitest.Obj{"code": reg["shareCode"]}, ben.Token).MustStatus(t, http.StatusOK)
	s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations", apitest.Obj{"divisionId": d.GetId(), "teamName": "Waiting Pair"}, cleo.Token).
		MustStatus(t, http.StatusOK) // no partner yet: no team, no heat

	path := "/api/calendar/mine/heats.ics"
	if got := parse(t, string(s.Do(http.MethodGet, path, nil, anna.Token).MustStatus(t, http.StatusOK).Body)); len(got) != 0 {
		t.Fatalf("before the heats: %v", got)
	}
	s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/workouts/"+workout+"/heats/generate", apitest.Obj{
		"divisionIds": []string{d.GetId()}, "lanesPerHeat": 1, "order": "name", "firstStart": "2026-12-01T09:00:00Z",
	}).MustStatus(t, http.StatusOK)

	var uid string
	for _, who := range []stacktest.Athlete{anna, ben} {
		resp := s.Do(http.MethodGet, path, nil, who.Token).MustStatus(t, http.StatusOK)
		if ct := resp.Header.Get("Content-Type"); ct != "text/calendar; charset=utf-8" {
			t.Errorf("Content-Type %q", ct)
		}
		got := parse(t, string(resp.Body))
		if len(got) != 1 {
			t.Fatalf("%s: %d heats, want their one: %v", who.Email, len(got), got)
		}
		h := got[0]
		want := map[string]string{"SUMMARY": `Open Games: Fran\, heat 1\, lane 1`, "LOCATION": `Halle 3\, Leipzig`,
			"DTSTART;TZID=Europe/Paris": "20261201T100000", "DTEND;TZID=Europe/Paris": "20261201T101000"}
		for k, v := range want {
			if h[k] != v {
				t.Errorf("%s %s: %q, want %q", who.Email, k, h[k], v)
			}
		}
		if !strings.HasSuffix(h["URL"], "/public/me/registrations") || !strings.Contains(h["DESCRIPTION"], "Calendar Pair") {
			t.Errorf("URL %q, DESCRIPTION %q", h["URL"], h["DESCRIPTION"])
		}
		if _, err := time.Parse("20060102T150405Z", h["DTSTAMP"]); err != nil {
			t.Errorf("DTSTAMP %q", h["DTSTAMP"])
		}
		if who == anna {
			uid = h["UID"]
			again := parse(t, string(s.Do(http.MethodGet, path, nil, anna.Token).MustStatus(t, http.StatusOK).Body))
			if len(again) != 1 || again[0]["UID"] != uid || uid == "" {
				t.Errorf("UID not stable: %q, then %v", uid, again)
			}
		}
	}
	if got := parse(t, string(s.Do(http.MethodGet, path, nil, cleo.Token).MustStatus(t, http.StatusOK).Body)); len(got) != 0 {
		t.Errorf("another athlete sees %v", got)
	}
	if got := s.Do(http.MethodGet, path, nil, "").Status; got != http.StatusUnauthorized {
		t.Errorf("without a session: %d", got)
	}
	if got := s.Admin(http.MethodGet, path, nil).Status; got == http.StatusOK {
		t.Errorf("a console session: %d", got)
	}
}
