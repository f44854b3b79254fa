package publicsvc_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/agebands"
	"github.com/podium-dev/podium/internal/poll"
)

// A board's club and country filters answer with the teams whose captain's profile gave that
// club (any case) and country (a two-letter code) when they registered; a team typed in by an
// organiser, and a country written out, match no filter.
func TestBoardFiltersMatchTheCaptainsClubAndCountry(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	profile := func(a stacktest.Athlete, first, club, country string) {
		s.Do(http.MethodPut, "/api/athlete/profile", eventtest.Fields{"firstName": first, "lastName": "Test", "club": club,
			"country": country}, a.Token).MustStatus(t, http.StatusOK)
	}
	anna, ben, cleo, dan := s.SignUpAthlete("Anna", "Test"), s.SignUpAthlete("Ben", "Test"), s.SignUpAthlete("Cleo", "Test"), s.SignUpAthlete("Dan", "Test")
	profile(anna, "Anna", "Box Nord", "NO")
	profile(cleo, "Cleo", "Iron Den", "Norway")
	ev := seasonEvent(t, s, "Club Open", "2026-05-01", "Typed Crew")
	ev.Transition("publish")
	nord := registeredTeam(t, s, ev, "Nord Pair", anna, ben)
	den := registeredTeam(t, s, ev, "Den Pair", cleo, dan)
	ev.Publish(ev.Results(
		eventtest.Fields{"teamId": nord, "workoutId": ev.WorkoutID("Fran"), "resultValue": 180},
		eventtest.Fields{"teamId": den, "workoutId": ev.WorkoutID("Fran"), "resultValue": 190},
		eventtest.Fields{"teamId": ev.TeamID("Typed Crew"), "workoutId": ev.WorkoutID("Fran"), "resultValue": 200},
	)...)
	path := "/api/public/events/" + ev.ID + "/divisions/" + ev.DivisionID("Rx") + "/board"
	w := &world{Event: ev, t: t, s: s}

	// The first read may meet the ranker ranking the board the publications marked (it then
	// answers as the board stood, unlisted): wait for the ranked board.
	poll.Until(t, 10*time.Second, "the board is ranked", func() bool {
		return s.Do(http.MethodGet, path, nil, "").Status == http.StatusOK
	})
	var all publicv1.BoardPage
	w.get(path, &all)
	if all.GetTotal() != 3 {
		t.Fatalf("board: %d entries, want 3", all.GetTotal())
	}
	var row *publicv1.BoardRow
	for _, r := range all.GetRows() {
		if r.GetStanding().GetTeamId() == nord {
			row = r
		}
	}
	if row == nil || row.GetClub() != "Box Nord" || row.GetCountry() != "NO" {
		t.Errorf("Nord Pair's row: %v", row)
	}
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"?club=box%20NORD", []string{nord}},
		{"?country=no", []string{nord}},
		{"?club=iron%20den", []string{den}},
		{"?club=Iron%20Den&country=NO", nil},
		{"?country=NZ", nil},
	} {
		var p publicv1.BoardPage
		w.get(path+c.query, &p)
		var got []string
		for _, r := range p.GetRows() {
			got = append(got, r.GetStanding().GetTeamId())
		}
		if int(p.GetTotal()) != len(c.want) || len(got) != len(c.want) || (len(got) == 1 && got[0] != c.want[0]) {
			t.Errorf("board%s: total %d rows %v, want %v", c.query, p.GetTotal(), got, c.want)
		}
	}
}

// A board's age band filter answers with the entries whose captain is in that band on the
// event's first day (internal/platform/agebands); an entry without a birth date matches no band,
// and a band that is not one is refused naming the field.
func TestBoardAgeBandFilterMatchesTheCaptainsAgeOnTheFirstDay(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev := s.Events(t).Event(eventtest.Fields{"name": "Masters Open", "dateFrom": "2026-06-15", "dateTo": "2026-06-15", "location": "Oslo"})
	solo := func(name, birthDate string) *competitionv1.NewTeam {
		return &competitionv1.NewTeam{Name: name, Athletes: []*competitionv1.RosterPlace{{Name: name, BirthDate: birthDate, Captain: true}}}
	}
	ev.Division("Rx", "", solo("Turns 35 That Day", "1991-06-15"), solo("Still 34", "1991-06-16"),
		solo("Forty", "1986-01-01"), solo("No Birth Date", ""))
	ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	ev.Transition("publish")
	var results []eventtest.Fields
	for i, name := range []string{"Turns 35 That Day", "Still 34", "Forty", "No Birth Date"} {
		results = append(results, eventtest.Fields{"teamId": ev.TeamID(name), "workoutId": ev.WorkoutID("Fran"), "resultValue": 180 + i})
	}
	ev.Publish(ev.Results(results...)...)
	path := "/api/public/events/" + ev.ID + "/divisions/" + ev.DivisionID("Rx") + "/board"
	b := &boardEvent{world: &world{Event: ev, t: t, s: s}, division: ev.DivisionID("Rx")}
	poll.Until(t, 10*time.Second, "the board is ranked", func() bool {
		return s.Do(http.MethodGet, path, nil, "").Status == http.StatusOK
	})
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"?ageBand=35-39", []string{"Turns 35 That Day"}},
		{"?ageBand=18-34", []string{"Still 34"}},
		{"?age_band=40-44", []string{"Forty"}},
		{"?ageBand=65%2B", nil},
		{"?ageBand=40-44&country=NO", nil},
	} {
		var p publicv1.BoardPage
		b.get(path+c.query, &p)
		var got []string
		for _, r := range p.GetRows() {
			got = append(got, r.GetStanding().GetTeamName())
		}
		if int(p.GetTotal()) != len(c.want) || strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("board%s: total %d rows %v, want %v", c.query, p.GetTotal(), got, c.want)
		}
	}
	b.badRequest(path+"?ageBand=35", "ageBand", agebands.Message())
}
