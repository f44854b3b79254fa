package publicsvc_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
)

// A series ranked by team across events with an individual division (docs/series.md,
// "Ranking"): an individual is the athlete, by account, else by name and birth date, whatever
// they typed as their entry's name; two people of one name stay two; pairs are one competitor
// by their team's name, as before.

// individualEvent is an event with an individual division "Open" (athletes entered by hand:
// entry name → athlete, birth date) and a pairs division "Rx", registration open on Open.
func individualEvent(t *testing.T, s *stacktest.Stack, name, from string, hand map[string]eventtest.Fields, pairs ...string) *eventtest.Event {
	t.Helper()
	ev := s.Events(t).Event(eventtest.Fields{"name": name, "dateFrom": from, "dateTo": from, "location": "Oslo"})
	var typed []*competitionv1.NewTeam
	for entry, a := range hand {
		typed = append(typed, &competitionv1.NewTeam{Name: entry, Athletes: []*competitionv1.RosterPlace{
			{Name: a["name"].(string), BirthDate: a["birthDate"].(string), Captain: true}}})
	}
	open := ev.DivisionOf("Open", "", eventtest.Fields{"teamSize": 1}, typed...)
	ev.Division("Rx", "", eventtest.WithAthletes(pairs...)...)
	ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/divisions/"+open.GetId()+"/registration", eventtest.Fields{
		"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339), "closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339),
		"capacity": 10, "currency": "EUR", "waitlist": true,
	}).MustStatus(t, http.StatusOK)
	return ev
}

// registerAlone registers an athlete in an event's individual division under an entry name.
func registerAlone(t *testing.T, s *stacktest.Stack, ev *eventtest.Event, a stacktest.Athlete, entry string) string {
	t.Helper()
	var reg struct{ State, TeamID string }
	s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations",
		eventtest.Fields{"divisionId": ev.DivisionID("Open"), "teamName": entry}, a.Token).MustStatus(t, http.StatusOK).Decode(t, &reg)
	if reg.State != "confirmed" || reg.TeamID == "" {
		t.Fatalf("registration of %s: %+v", entry, reg)
	}
	return reg.TeamID
}

func TestSeriesFollowsAnIndividualAcrossEvents(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ida := s.SignUpAthlete("Ida", "Iversen")
	// Another athlete of the same name: never her.
	otherIda := s.SignUpAthlete("Ida", "Iversen")

	spring := individualEvent(t, s, "Spring Open", "2026-03-01", map[string]eventtest.Fields{
		"Hal Hand":       {"name": "Hal Hand", "birthDate": ""},
		"Kai (Box Nord)": {"name": "Kai Berg", "birthDate": "1990-04-01"},
	}, "Alpha", "Bravo")
	autumn := individualEvent(t, s, "Autumn Open", "2026-09-01", map[string]eventtest.Fields{
		// Typed another way, with no account: the same athlete by name.
		"HAL the hammer": {"name": "hal hand", "birthDate": ""},
		// The same name, another birth date: another athlete.
		"Kai Berg": {"name": "Kai Berg", "birthDate": "2001-07-09"},
	}, "ALPHA", "Bravo")
	// Ida changes nothing but the entry name she types; her namesake enters under hers.
	idaSpring := registerAlone(t, s, spring, ida, "Ida Iversen")
	idaAutumn := registerAlone(t, s, autumn, ida, "Ida I.")
	otherAutumn := registerAlone(t, s, autumn, otherIda, "Ida Iversen")

	fran := func(ev *eventtest.Event, team string, value float64) eventtest.Fields {
		return eventtest.Fields{"teamId": team, "workoutId": ev.WorkoutID("Fran"), "resultValue": value}
	}
	spring.Publish(spring.Results(
		fran(spring, idaSpring, 170), fran(spring, spring.TeamID("Kai (Box Nord)"), 175), fran(spring, spring.TeamID("Hal Hand"), 180),
		fran(spring, spring.TeamID("Alpha"), 200), fran(spring, spring.TeamID("Bravo"), 210),
	)...)
	autumn.Publish(autumn.Results(
		fran(autumn, idaAutumn, 160), fran(autumn, autumn.TeamID("HAL the hammer"), 165), fran(autumn, otherAutumn, 175),
		fran(autumn, autumn.TeamID("Kai Berg"), 180),
		fran(autumn, autumn.TeamID("ALPHA"), 205), fran(autumn, autumn.TeamID("Bravo"), 210),
	)...)

	created := &competitionv1.Series{}
	s.Admin(http.MethodPost, "/api/series", eventtest.Fields{"name": "Nordic Open", "season": "2026", "scoringTable": "podium100"}).
		MustStatus(t, http.StatusOK).Decode(t, created)
	for _, ev := range []*eventtest.Event{spring, autumn} {
		s.Admin(http.MethodPost, "/api/series/"+created.GetId()+"/events", eventtest.Fields{"eventId": ev.ID}).MustStatus(t, http.StatusOK)
	}
	s.Admin(http.MethodPut, "/api/series/"+created.GetId(), eventtest.Fields{"name": "Nordic Open", "season": "2026", "published": true}).
		MustStatus(t, http.StatusOK)

	var sr *publicv1.PublicSeries
	get := func() *publicv1.PublicSeries {
		sr = &publicv1.PublicSeries{}
		s.Do(http.MethodGet, "/api/public/series/"+created.GetId(), nil, "").MustStatus(t, http.StatusOK).Decode(t, sr)
		return sr
	}
	// Ida is one line over both events, named as the boards name her, linked to her account;
	// her namesake is a line of their own; Hal is one line; the two Kai Bergs are two.
	wantOpen := `1 Ida Iversen 200 [0:#1/100 1:#1/100]
2 hal hand 185 [0:#3/90 1:#2/95]
3 Kai Berg 95 [0:#2/95]
4 Ida Iversen 90 [1:#3/90]
5 Kai Berg 85 [1:#4/85]`
	// Pairs as before: one team by its name key over both events.
	wantRx := `1 ALPHA 200 [0:#1/100 1:#1/100]
2 Bravo 190 [0:#2/95 1:#2/95]`
	if !poll.Within(10*time.Second, func() bool {
		get()
		return seriesLines(sr, "Open") == wantOpen && seriesLines(sr, "Rx") == wantRx
	}) {
		t.Fatalf("open:\n%s\nwant:\n%s\nrx:\n%s\nwant:\n%s", seriesLines(sr, "Open"), wantOpen, seriesLines(sr, "Rx"), wantRx)
	}
	for _, d := range sr.GetDivisions() {
		if d.GetName() != "Open" {
			continue
		}
		first, fourth := d.GetStandings()[0], d.GetStandings()[3]
		if first.GetAthleteId() != ida.ID || fourth.GetAthleteId() != otherIda.ID || d.GetStandings()[1].GetAthleteId() != "" {
			t.Errorf("the individuals' accounts: %q %q %q", first.GetAthleteId(), fourth.GetAthleteId(), d.GetStandings()[1].GetAthleteId())
		}
		if first.GetEvents()[1].GetTeamName() != "Ida I." || first.GetEvents()[1].GetTeamId() != idaAutumn {
			t.Errorf("ida's autumn entry: %v", first.GetEvents()[1])
		}
	}
}
