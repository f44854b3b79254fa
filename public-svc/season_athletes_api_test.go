package publicsvc_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
)

// A series ranked by athlete account (docs/series.md, "Ranking") through the gateway: each
// athlete of a team earns its placing across partner changes, a team typed in by hand is
// listed unranked, publishing a result moves the athletes, the CSV and the athlete's profile
// follow, and the series' activity records each change.

// sortedLines is seriesLines with lines of one rank in name order: teammates always tie.
func sortedLines(sr *publicv1.PublicSeries) string {
	lines := strings.Split(seriesLines(sr, "Rx"), "\n")
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

func TestSeriesRankedByAthlete(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	anna, ben := s.SignUpAthlete("Anna", "Adler"), s.SignUpAthlete("Ben", "Berg")
	cleo, dan := s.SignUpAthlete("Cleo", "Cruz"), s.SignUpAthlete("Dan", "Dahl")
	spring := seasonEvent(t, s, "Spring Throwdown", "2026-03-01", "Typed Crew")
	autumn := seasonEvent(t, s, "Autumn Throwdown", "2026-09-01")
	spring.Transition("publish")
	autumn.Transition("publish")
	// Anna changes partner between the events; so does Ben.
	springAB := registeredTeam(t, s, spring, "Adler & Berg", anna, ben)
	autumnAC := registeredTeam(t, s, autumn, "Adler & Cruz", anna, cleo)
	autumnBD := registeredTeam(t, s, autumn, "Berg & Dahl", ben, dan)
	spring.Publish(spring.Results(
		eventtest.Fields{"teamId": springAB, "workoutId": spring.WorkoutID("Fran"), "resultValue": 180},
		eventtest.Fields{"teamId": spring.TeamID("Typed Crew"), "workoutId": spring.WorkoutID("Fran"), "resultValue": 190},
	)...)
	autumn.Publish(autumn.Results(eventtest.Fields{"teamId": autumnBD, "workoutId": autumn.WorkoutID("Fran"), "resultValue": 170})...)
	annaAutumn := autumn.Results(eventtest.Fields{"teamId": autumnAC, "workoutId": autumn.WorkoutID("Fran"), "resultValue": 160})

	// Bad input: an unknown ranking is refused, naming the field.
	bad := s.Admin(http.MethodPost, "/api/series", eventtest.Fields{"name": "Nordic League", "ranking": "captain"}).MustStatus(t, http.StatusBadRequest)
	if !strings.Contains(string(bad.Body), `"field":"ranking"`) || bad.Message() != "Ranking must be team or athlete" {
		t.Errorf("unknown ranking: %s", bad.Body)
	}
	created := &competitionv1.Series{}
	s.Admin(http.MethodPost, "/api/series", eventtest.Fields{"name": "Nordic League", "season": "2026", "ranking": "athlete"}).
		MustStatus(t, http.StatusOK).Decode(t, created)
	id := created.GetId()
	if created.GetRanking() != "athlete" {
		t.Fatalf("created series ranks %q", created.GetRanking())
	}
	for _, ev := range []*eventtest.Event{spring, autumn} {
		s.Admin(http.MethodPost, "/api/series/"+id+"/events", eventtest.Fields{"eventId": ev.ID}).MustStatus(t, http.StatusOK)
	}
	s.Admin(http.MethodPut, "/api/series/"+id, eventtest.Fields{"name": "Nordic League", "season": "2026", "published": true, "ranking": "athlete"}).
		MustStatus(t, http.StatusOK)

	path := "/api/public/series/" + id
	series := func() *publicv1.PublicSeries {
		sr := &publicv1.PublicSeries{}
		s.Do(http.MethodGet, path, nil, "").MustStatus(t, http.StatusOK).Decode(t, sr)
		return sr
	}
	wait := func(want, what string) *publicv1.PublicSeries {
		t.Helper()
		var sr *publicv1.PublicSeries
		if !poll.Within(10*time.Second, func() bool { sr = series(); return sortedLines(sr) == want }) {
			t.Fatalf("%s:\n%s\nwant:\n%s", what, sortedLines(sr), want)
		}
		return sr
	}
	// Ben won both events with two partners; Anna and Dan won one each: tied, shared.
	sr := wait(`1 Ben Berg 200 [0:#1/100 1:#1/100]
2 Anna Adler 100 [0:#1/100]
2 Dan Dahl 100 [1:#1/100]`, "by athlete")
	if sr.GetRanking() != "athlete" || !slices.Equal(sr.GetDivisions()[0].GetUnrankedTeams(), []string{"Typed Crew"}) {
		t.Errorf("ranking %q, unranked teams %v", sr.GetRanking(), sr.GetDivisions()[0].GetUnrankedTeams())
	}

	// Publishing Anna's autumn result moves the athletes: Anna wins it with Cleo.
	autumn.Publish(annaAutumn...)
	sr = wait(`1 Anna Adler 200 [0:#1/100 1:#1/100]
2 Ben Berg 195 [0:#1/100 1:#2/95]
3 Cleo Cruz 100 [1:#1/100]
4 Dan Dahl 95 [1:#2/95]`, "after publishing anna's autumn")
	first := sr.GetDivisions()[0].GetStandings()[0]
	if first.GetAthleteId() != anna.ID || first.GetEvents()[0].GetTeamName() != "Adler & Berg" || first.GetEvents()[1].GetTeamName() != "Adler & Cruz" {
		t.Errorf("anna's standing links her account and names her teams: %v", first)
	}

	// The spreadsheet ranks athletes, names their teams and lists the unranked team.
	csv := string(s.Do(http.MethodGet, path+"/divisions/"+sr.GetDivisions()[0].GetId()+"/standings.csv", nil, "").MustStatus(t, http.StatusOK).Body)
	for _, want := range []string{"Rank,Athlete,Total Points,Spring Throwdown,Autumn Throwdown",
		`1,Anna Adler,200,"#1, 100 pts, Adler & Berg","#1, 100 pts, Adler & Cruz"`, ",Typed Crew,not ranked: no athlete account"} {
		if !strings.Contains(csv, want) {
			t.Errorf("series csv lacks %q:\n%s", want, csv)
		}
	}

	// Ben's profile lists his own standing, not his partners'.
	p := &publicv1.PublicAthlete{}
	s.Do(http.MethodGet, "/api/public/athletes/"+ben.ID, nil, "").MustStatus(t, http.StatusOK).Decode(t, p)
	if len(p.GetSeries()) != 1 || p.GetSeries()[0].GetName() != "Ben Berg" || p.GetSeries()[0].GetRank() != 2 {
		t.Errorf("ben's series standings: %v", p.GetSeries())
	}

	// The spring event leaves the series: standings recomputed, Typed Crew no longer listed.
	s.Admin(http.MethodDelete, "/api/series/"+id+"/events/"+spring.ID, nil).MustStatus(t, http.StatusOK)
	sr = wait(`1 Anna Adler 100 [0:#1/100]
1 Cleo Cruz 100 [0:#1/100]
3 Ben Berg 95 [0:#2/95]
3 Dan Dahl 95 [0:#2/95]`, "without spring")
	if u := sr.GetDivisions()[0].GetUnrankedTeams(); len(u) != 0 {
		t.Errorf("unranked after removing spring: %v", u)
	}

	// Back to teams: the same placings, one line a team.
	s.Admin(http.MethodPut, "/api/series/"+id, eventtest.Fields{"name": "Nordic League", "season": "2026", "published": true, "ranking": "team"}).
		MustStatus(t, http.StatusOK)
	wait(`1 Adler & Cruz 100 [0:#1/100]
2 Berg & Dahl 95 [0:#2/95]`, "by team")

	// The series' activity: each change, who made it, newest first.
	page := &competitionv1.SeriesActivityPage{}
	s.Admin(http.MethodGet, "/api/series/"+id+"/activity", nil).MustStatus(t, http.StatusOK).Decode(t, page)
	var got []string
	for _, e := range page.GetEntries() {
		if e.GetActor() != s.AdminUsername || e.GetAt() == "" {
			t.Errorf("entry without its author or time: %v", e)
		}
		got = append(got, e.GetAction()+": "+e.GetSummary())
	}
	want := []string{
		"ranking_changed: Ranking: by athlete → by team",
		"event_removed: Event Spring Throwdown removed: its placings no longer count",
		"updated: Published: no → yes",
		"event_added: Event Autumn Throwdown added: Rx → Rx",
		"event_added: Event Spring Throwdown added: Rx → Rx",
		"created: Series Nordic League created: points table podium100, events that count every event, ranked by athlete",
	}
	if !slices.Equal(got, want) {
		t.Errorf("series activity:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
