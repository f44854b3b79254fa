package publicsvc_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// Finding an event: "Registration open" keeps the events with a division taking teams now, the
// search matches every word in the name or the place, and without either the list is whole.
func TestEventListFindsOpenRegistrationAndSearches(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	now := time.Now().UTC()
	month := now.AddDate(0, 1, 0).Format(time.DateOnly)
	spring := s.Events(t).Event(eventtest.Fields{"name": "Spring Open", "dateFrom": month, "dateTo": month, "location": "Leipzig, Halle 3"})
	rx := spring.Division("Rx", "")
	spring.Transition("publish")
	s.Admin(http.MethodPut, "/api/divisions/"+rx.GetId()+"/registration", eventtest.Fields{
		"opensAt": now.Add(-time.Hour).Format(time.RFC3339), "closesAt": now.Add(24 * time.Hour).Format(time.RFC3339), "capacity": 10,
		"feeCents": 4000, "currency": "EUR"}).MustStatus(t, http.StatusOK)
	autumn := s.Events(t).Event(eventtest.Fields{"name": "Autumn Cup", "dateFrom": month, "dateTo": month, "location": "Berlin"})
	later := autumn.Division("Rx", "")
	autumn.Transition("publish")
	s.Admin(http.MethodPut, "/api/divisions/"+later.GetId()+"/registration", eventtest.Fields{
		"opensAt": now.Add(time.Hour).Format(time.RFC3339), "closesAt": now.Add(48 * time.Hour).Format(time.RFC3339), "capacity": 10,
		"feeCents": 0, "currency": "EUR"}).MustStatus(t, http.StatusOK) // not open yet

	names := func(query string) string {
		t.Helper()
		var list []struct{ Name string }
		s.Do(http.MethodGet, "/api/public/events"+query, nil, "").MustStatus(t, http.StatusOK).Decode(t, &list)
		var out []string
		for _, ev := range list {
			out = append(out, ev.Name)
		}
		slices.Sort(out)
		return strings.Join(out, ",")
	}
	for query, want := range map[string]string{
		"":                                   "Autumn Cup,Spring Open",
		"?registrationOpen=true":             "Spring Open",
		"?registration_open=true&q=":         "Spring Open",
		"?registrationOpen=false":            "Autumn Cup,Spring Open",
		"?q=" + url.QueryEscape("  LEIPZIG"): "Spring Open",
		"?q=" + url.QueryEscape("cup berl"):  "Autumn Cup",
		"?q=" + url.QueryEscape("cup leip"):  "",
		"?q=open&registrationOpen=true":      "Spring Open",
		"?q=autumn&registrationOpen=true":    "",
		"?filterStatus=archived&q=spring":    "",
	} {
		if got := names(query); got != want {
			t.Errorf("%q: %q, want %q", query, got, want)
		}
	}
}

// The event's calendar file: RFC 5545 lines (CRLF, folded at 75 octets, escaped text), the
// event's days, name, place and page, a UID that stays the same; a Draft event has none.
func TestEventCalendarFile(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	name := "Spring Open; the " + strings.Repeat("very ", 12) + "long edition"
	ev := s.Events(t).Event(eventtest.Fields{"name": name, "dateFrom": "2026-05-12", "dateTo": "2026-05-14", "location": "Halle 3, Leipzig"})
	ev.Transition("publish")
	path := "/api/public/events/" + ev.ID + "/calendar.ics"
	var uid string
	for round := range 2 { // the second answer may come from the gateway's memory
		resp := s.Do(http.MethodGet, path, nil, "").MustStatus(t, http.StatusOK)
		if ct := resp.Header.Get("Content-Type"); ct != "text/calendar; charset=utf-8" {
			t.Errorf("round %d Content-Type %q", round, ct)
		}
		if cd := resp.Header.Get("Content-Disposition"); !strings.Contains(cd, ".ics") {
			t.Errorf("round %d Content-Disposition %q", round, cd)
		}
		body := string(resp.Body)
		if !strings.HasSuffix(body, "\r\n") || strings.Contains(strings.ReplaceAll(body, "\r\n", ""), "\n") {
			t.Fatalf("round %d: lines not ended by CRLF: %q", round, body)
		}
		for _, l := range strings.Split(body, "\r\n") {
			if len(l) > 75 {
				t.Errorf("round %d: line of %d octets: %q", round, len(l), l)
			}
		}
		props := map[string]string{}
		for _, l := range strings.Split(strings.ReplaceAll(body, "\r\n ", ""), "\r\n") {
			if k, v, ok := strings.Cut(l, ":"); ok {
				props[k] = v
			}
		}
		if !strings.HasPrefix(body, "BEGIN:VCALENDAR\r\n") || !strings.HasSuffix(body, "END:VEVENT\r\nEND:VCALENDAR\r\n") ||
			strings.Count(body, "BEGIN:VEVENT\r\n") != 1 {
			t.Errorf("round %d: not one event in a calendar: %q", round, body)
		}
		want := map[string]string{"VERSION": "2.0", "DTSTART;VALUE=DATE": "20260512", "DTEND;VALUE=DATE": "20260515",
			"SUMMARY": strings.ReplaceAll(name, ";", `\;`), "LOCATION": `Halle 3\, Leipzig`}
		for k, v := range want {
			if props[k] != v {
				t.Errorf("round %d %s: %q, want %q", round, k, props[k], v)
			}
		}
		if !strings.HasSuffix(props["URL"], "/public/events/"+ev.ID) {
			t.Errorf("round %d URL %q", round, props["URL"])
		}
		if _, err := time.Parse("20060102T150405Z", props["DTSTAMP"]); err != nil {
			t.Errorf("round %d DTSTAMP %q: %v", round, props["DTSTAMP"], err)
		}
		if props["UID"] == "" || (uid != "" && props["UID"] != uid) {
			t.Errorf("round %d UID %q, before %q", round, props["UID"], uid)
		}
		uid = props["UID"]
	}
	// A change of the event gives the same UID, so a calendar updates its copy.
	s.Admin(http.MethodPut, "/api/events/"+ev.ID, eventtest.Fields{"id": ev.ID, "name": "Renamed", "dateFrom": "2026-05-12",
		"dateTo": "2026-05-13", "status": "PUBLISHED"}).MustStatus(t, http.StatusOK)
	body := strings.ReplaceAll(string(s.Do(http.MethodGet, path, nil, "").MustStatus(t, http.StatusOK).Body), "\r\n ", "")
	if !strings.Contains(body, "UID:"+uid+"\r\n") || !strings.Contains(body, "SUMMARY:Renamed\r\n") || !strings.Contains(body, "DTEND;VALUE=DATE:20260514\r\n") {
		t.Errorf("after a change: %s", body)
	}

	draft := s.Events(t).Event(eventtest.Fields{"name": "Hidden", "dateFrom": "2026-05-01", "dateTo": "2026-05-01"})
	for _, id := range []string{draft.ID, "not-an-id"} {
		if got := s.Do(http.MethodGet, "/api/public/events/"+id+"/calendar.ics", nil, "").Status; got != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", id, got)
		}
	}
}
