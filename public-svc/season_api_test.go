package publicsvc_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
)

// The season through the gateway: a series over two events, its standings as results are
// published, the home page and search.

// seasonEvent is an event with a Rx division of teams and one workout, Fran (TIME).
func seasonEvent(t *testing.T, s *stacktest.Stack, name, from string, teams ...string) *eventtest.Event {
	t.Helper()
	ev := s.Events(t).Event(eventtest.Fields{"name": name, "dateFrom": from, "dateTo": from, "location": "Berlin"})
	ev.Division("Rx", "", eventtest.WithAthletes(teams...)...)
	ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	return ev
}

// seriesLines is a division's standings as "rank name total [place/points, ...]", a dropped
// event's in brackets.
func seriesLines(sr *publicv1.PublicSeries, division string) string {
	var lines []string
	for _, d := range sr.GetDivisions() {
		if d.GetName() != division {
			continue
		}
		for _, st := range d.GetStandings() {
			var evs []string
			for _, c := range st.GetEvents() {
				cell := fmt.Sprintf("%d:#%d/%g", c.GetEventIndex(), c.GetPlace(), c.GetPoints())
				if !c.GetCounted() {
					cell = "(" + cell + ")"
				}
				evs = append(evs, cell)
			}
			lines = append(lines, fmt.Sprintf("%d %s %g [%s]", st.GetRank(), st.GetName(), st.GetTotalPoints(), strings.Join(evs, " ")))
		}
	}
	return strings.Join(lines, "\n")
}

// waitStandings waits for the series' Rx standings to read want (the gateway's copy is dropped
// by the change signal, or ages out within its TTL).
func waitStandings(t *testing.T, series func() *publicv1.PublicSeries, want, what string) {
	t.Helper()
	if !poll.Within(10*time.Second, func() bool { return seriesLines(series(), "Rx") == want }) {
		t.Fatalf("%s:\n%s\nwant:\n%s", what, seriesLines(series(), "Rx"), want)
	}
}

func TestSeriesStandingsFollowPublishedResults(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	spring := seasonEvent(t, s, "Spring Throwdown", "2026-03-01", "Alpha", "Bravo", "Charlie")
	// The same teams in the autumn, one of them spelled another way: one competitor.
	autumn := seasonEvent(t, s, "Autumn Throwdown", "2026-09-01", "ALPHA", "Bravo", "Charlie")
	spring.Transition("publish")
	autumn.Transition("start")
	spring.Publish(spring.Results(
		eventtest.Fields{"teamId": spring.TeamID("Alpha"), "workoutId": spring.WorkoutID("Fran"), "resultValue": 180},
		eventtest.Fields{"teamId": spring.TeamID("Bravo"), "workoutId": spring.WorkoutID("Fran"), "resultValue": 190},
		eventtest.Fields{"teamId": spring.TeamID("Charlie"), "workoutId": spring.WorkoutID("Fran"), "resultValue": 200},
	)...)
	autumn.Publish(autumn.Results(
		eventtest.Fields{"teamId": autumn.TeamID("Bravo"), "workoutId": autumn.WorkoutID("Fran"), "resultValue": 170},
	)...)
	// Saved, not published: it must not count.
	charlieAutumn := autumn.Results(eventtest.Fields{"teamId": autumn.TeamID("Charlie"), "workoutId": autumn.WorkoutID("Fran"), "resultValue": 160})

	created := &competitionv1.Series{}
	s.Admin(http.MethodPost, "/api/series", eventtest.Fields{"name": "Berlin League", "season": "2026", "scoringTable": "podium100"}).
		MustStatus(t, http.StatusOK).Decode(t, created)
	id := created.GetId()
	for _, ev := range []*eventtest.Event{autumn, spring} {
		s.Admin(http.MethodPost, "/api/series/"+id+"/events", eventtest.Fields{"eventId": ev.ID}).MustStatus(t, http.StatusOK)
	}
	got := &competitionv1.Series{}
	s.Admin(http.MethodGet, "/api/series/"+id, nil).MustStatus(t, http.StatusOK).Decode(t, got)
	if len(got.GetDivisions()) != 1 || len(got.GetEvents()) != 2 || got.GetEvents()[0].GetEventName() != "Spring Throwdown" {
		t.Fatalf("series after adding events: divisions by name, events in season order: %v", got)
	}
	rx := got.GetDivisions()[0].GetId()
	for _, ev := range got.GetEvents() {
		if m := ev.GetDivisions(); len(m) != 1 || m[0].GetSeriesDivisionId() != rx {
			t.Fatalf("Rx maps to Rx by name: %v", ev)
		}
	}

	// Unpublished series: not public.
	path := "/api/public/series/" + id
	s.Do(http.MethodGet, path, nil, "").MustStatus(t, http.StatusNotFound)
	s.Admin(http.MethodPut, "/api/series/"+id, eventtest.Fields{"name": "Berlin League", "season": "2026", "published": true}).MustStatus(t, http.StatusOK)

	series := func() *publicv1.PublicSeries {
		sr := &publicv1.PublicSeries{}
		s.Do(http.MethodGet, path, nil, "").MustStatus(t, http.StatusOK).Decode(t, sr)
		return sr
	}
	want := `1 Bravo 195 [0:#2/95 1:#1/100]
2 Alpha 100 [0:#1/100]
3 Charlie 90 [0:#3/90]`
	waitStandings(t, series, want, "series standings")

	// Publishing Charlie's autumn result moves the series: 190 each, both have a win, the
	// most recent event decides.
	autumn.Publish(charlieAutumn...)
	want = `1 Charlie 190 [0:#3/90 1:#1/100]
2 Bravo 190 [0:#2/95 1:#2/95]
3 Alpha 100 [0:#1/100]`
	waitStandings(t, series, want, "after publishing")

	// Best 1 of 2: each team's better event counts (the more recent of equal ones), the other
	// is listed as dropped. Alpha and Charlie: 100 each, a win each; in the one event both
	// attended Alpha placed better.
	s.Admin(http.MethodPut, "/api/series/"+id, eventtest.Fields{"name": "Berlin League", "season": "2026", "published": true, "bestN": 1}).MustStatus(t, http.StatusOK)
	want = `1 Alpha 100 [0:#1/100]
2 Charlie 100 [(0:#3/90) 1:#1/100]
3 Bravo 95 [(0:#2/95) 1:#2/95]`
	waitStandings(t, series, want, "best 1")

	// The spreadsheet of a division.
	csv := s.Do(http.MethodGet, path+"/divisions/"+rx+"/standings.csv", nil, "").MustStatus(t, http.StatusOK)
	if !strings.Contains(string(csv.Body), "Rank,Team,Total Points,Spring Throwdown,Autumn Throwdown") ||
		!strings.Contains(string(csv.Body), `3,Bravo,95,"(#2, 95 pts)","#2, 95 pts"`) {
		t.Errorf("series csv:\n%s", csv.Body)
	}

	// Bad input: a division mapped twice, another event's division: 400 naming the field,
	// nothing changed.
	springRx := spring.DivisionID("Rx")
	bad := s.Admin(http.MethodPut, "/api/series/"+id+"/events/"+spring.ID+"/divisions", eventtest.Fields{"divisions": []eventtest.Fields{
		{"divisionId": springRx, "seriesDivisionId": rx}, {"divisionId": springRx, "seriesDivisionId": ""},
	}}).MustStatus(t, http.StatusBadRequest)
	if !strings.Contains(string(bad.Body), `"field":"divisions"`) || !strings.Contains(bad.Message(), "listed twice") {
		t.Errorf("division mapped twice: %s", bad.Body)
	}
	s.Admin(http.MethodPut, "/api/series/"+id+"/events/"+spring.ID+"/divisions", eventtest.Fields{"divisions": []eventtest.Fields{
		{"divisionId": autumn.DivisionID("Rx"), "seriesDivisionId": rx},
	}}).MustStatus(t, http.StatusBadRequest)
	if seriesLines(series(), "Rx") != want {
		t.Errorf("a refused mapping changed the standings:\n%s", seriesLines(series(), "Rx"))
	}

	// The spring event leaves the series: only the autumn counts.
	s.Admin(http.MethodDelete, "/api/series/"+id+"/events/"+spring.ID, nil).MustStatus(t, http.StatusOK)
	want = `1 Charlie 100 [0:#1/100]
2 Bravo 95 [0:#2/95]`
	waitStandings(t, series, want, "without spring")

	// The public list names it.
	if r := s.Do(http.MethodGet, "/api/public/series", nil, ""); r.Status != http.StatusOK || !strings.Contains(string(r.Body), "Berlin League") {
		t.Errorf("public series list: %d %s", r.Status, r.Body)
	}
}

func TestHomeAndSearch(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	today := time.Now().UTC()
	live := seasonEvent(t, s, "Live Games", today.Format(time.DateOnly), "Zoë Crew", "Bravo")
	live.Transition("publish")
	live.Transition("start")
	live.Publish(live.Results(eventtest.Fields{"teamId": live.TeamID("Zoë Crew"), "workoutId": live.WorkoutID("Fran"), "resultValue": 180})...)
	next := seasonEvent(t, s, "Next Open", today.AddDate(0, 1, 0).Format(time.DateOnly), "Delta")
	next.Transition("publish")
	past := seasonEvent(t, s, "Winter Cup", today.AddDate(0, -2, 0).Format(time.DateOnly), "Zoe Crew", "Echo")
	past.Transition("publish")
	past.Publish(past.Results(
		eventtest.Fields{"teamId": past.TeamID("Zoe Crew"), "workoutId": past.WorkoutID("Fran"), "resultValue": 200},
		eventtest.Fields{"teamId": past.TeamID("Echo"), "workoutId": past.WorkoutID("Fran"), "resultValue": 150},
	)...)
	seasonEvent(t, s, "Secret Draft", today.Format(time.DateOnly), "Zoe Hidden")

	home := &publicv1.PublicHome{}
	s.Do(http.MethodGet, "/api/public/home", nil, "").MustStatus(t, http.StatusOK).Decode(t, home)
	names := func(evs []*publicv1.HomeEvent) string {
		var out []string
		for _, e := range evs {
			out = append(out, e.GetName())
		}
		return strings.Join(out, ",")
	}
	if names(home.GetLive()) != "Live Games" || names(home.GetComingUp()) != "Next Open" || names(home.GetRecent()) != "Winter Cup" {
		t.Errorf("home sections: live %q, coming up %q, recent %q", names(home.GetLive()), names(home.GetComingUp()), names(home.GetRecent()))
	}
	if home.GetLive()[0].GetLastUpdated() == "" {
		t.Errorf("a live event with a published result says when it changed: %v", home.GetLive()[0])
	}
	if p := home.GetRecent()[0].GetPodiums(); len(p) != 1 || len(p[0].GetPlaces()) != 2 || p[0].GetPlaces()[0].GetTeamName() != "Echo" {
		t.Errorf("recent podium: %v", p)
	}

	search := func(q string) *stacktest.Response {
		return s.Do(http.MethodGet, "/api/public/search?q="+url.QueryEscape(q), nil, "")
	}
	found := &publicv1.PublicSearchResponse{}
	// Without case or accents: "zoe" finds Zoë Crew and Zoe Crew, never the draft's team.
	search("ZOE").MustStatus(t, http.StatusOK).Decode(t, found)
	var teams []string
	for _, tm := range found.GetTeams() {
		teams = append(teams, tm.GetName()+"@"+tm.GetEventName())
	}
	if strings.Join(teams, ",") != "Zoë Crew@Live Games,Zoe Crew@Winter Cup" {
		t.Errorf("teams found by zoe: %v", teams)
	}
	// Athletes: "Zoë Crew One" and "Zoe Crew One" are one athlete with two teams.
	search("crew one").MustStatus(t, http.StatusOK).Decode(t, found)
	if len(found.GetAthletes()) != 1 || len(found.GetAthletes()[0].GetTeams()) != 2 {
		t.Errorf("athletes found by 'crew one': %v", found.GetAthletes())
	}
	search("winter").MustStatus(t, http.StatusOK).Decode(t, found)
	if len(found.GetEvents()) != 1 || found.GetEvents()[0].GetName() != "Winter Cup" {
		t.Errorf("events found by winter: %v", found.GetEvents())
	}
	// Two letters match at a word's start: "zo" finds the Zoe teams, "oe" (inside a word) none.
	search("zo").MustStatus(t, http.StatusOK).Decode(t, found)
	if len(found.GetTeams()) != 2 {
		t.Errorf("teams found by zo: %v", found.GetTeams())
	}
	search("oe").MustStatus(t, http.StatusOK).Decode(t, found)
	if len(found.GetTeams())+len(found.GetAthletes()) != 0 {
		t.Errorf("'oe' is inside words only: %v", found)
	}
	// A LIKE wildcard is a character like any other.
	search("%%%a").MustStatus(t, http.StatusBadRequest)
	search("_ew").MustStatus(t, http.StatusOK).Decode(t, found)
	if len(found.GetTeams())+len(found.GetEvents())+len(found.GetAthletes()) != 0 {
		t.Errorf("'_ew' is not a wildcard: %v", found)
	}

	// Bad input: a clear 400 naming the field.
	for _, q := range []string{strings.Repeat("a", 10000), "?!.,;", ""} {
		r := search(q).MustStatus(t, http.StatusBadRequest)
		if !strings.Contains(string(r.Body), `"field":"q"`) {
			t.Errorf("search %.20q: %s", q, r.Body)
		}
	}
}
