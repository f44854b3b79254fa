package publicsvc_test

import (
	"net/http"
	"net/url"
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

// The athlete's public profile through the gateway (docs/registration.md, "The athlete's
// public profile"): published placings only, no email, the series, a deleted account.

// registeredTeam opens ev's Rx division for registration and registers captain and partner's
// team through the athletes' own routes; it returns the team's id.
func registeredTeam(t *testing.T, s *stacktest.Stack, ev *eventtest.Event, name string, captain, partner stacktest.Athlete) string {
	t.Helper()
	s.Admin(http.MethodPut, "/api/divisions/"+ev.DivisionID("Rx")+"/registration", eventtest.Fields{
		"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339), "closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339),
		"capacity": 10, "currency": "EUR", "waitlist": true,
	}).MustStatus(t, http.StatusOK)
	var reg struct{ ShareCode, State, TeamID string }
	s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations",
		eventtest.Fields{"divisionId": ev.DivisionID("Rx"), "teamName": name}, captain.Token).MustStatus(t, http.StatusOK).Decode(t, &reg)
	s.Do(http.MethodPost, "/api/registration/accept", eventtest.Fields{"code": reg.ShareCode}, partner.Token).MustStatus(t, http.StatusOK).Decode(t, &reg)
	if reg.State != "confirmed" || reg.TeamID == "" {
		t.Fatalf("registration of %s: %+v", name, reg)
	}
	return reg.TeamID
}

func TestAthleteProfileShowsPublishedResultsOnly(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	anna, ben, cleo := s.SignUpAthlete("Anna", "Adler"), s.SignUpAthlete("Ben", "Berg"), s.SignUpAthlete("Cleo", "Cruz")
	s.Do(http.MethodPut, "/api/athlete/profile", eventtest.Fields{"firstName": "Anna", "lastName": "Adler", "club": "Box Nord",
		"country": "Norway", "birthYear": 1990}, anna.Token).MustStatus(t, http.StatusOK)

	spring := seasonEvent(t, s, "Spring Throwdown", "2026-03-01", "Typed Crew")
	autumn := seasonEvent(t, s, "Autumn Throwdown", "2026-09-01", "Typed Crew")
	spring.Transition("publish")
	autumn.Transition("publish")
	springTeam := registeredTeam(t, s, spring, "Adler & Berg", anna, ben)
	autumnTeam := registeredTeam(t, s, autumn, "Adler & Cruz", anna, cleo)
	spring.Publish(spring.Results(
		eventtest.Fields{"teamId": springTeam, "workoutId": spring.WorkoutID("Fran"), "resultValue": 180},
		eventtest.Fields{"teamId": spring.TeamID("Typed Crew"), "workoutId": spring.WorkoutID("Fran"), "resultValue": 190},
	)...)
	// Saved in the autumn, never published: the profile shows no placing for it.
	autumn.Results(eventtest.Fields{"teamId": autumnTeam, "workoutId": autumn.WorkoutID("Fran"), "resultValue": 170})

	created := &competitionv1.Series{}
	s.Admin(http.MethodPost, "/api/series", eventtest.Fields{"name": "Nordic League", "season": "2026", "scoringTable": "podium100"}).
		MustStatus(t, http.StatusOK).Decode(t, created)
	for _, ev := range []*eventtest.Event{spring, autumn} {
		s.Admin(http.MethodPost, "/api/series/"+created.GetId()+"/events", eventtest.Fields{"eventId": ev.ID}).MustStatus(t, http.StatusOK)
	}
	s.Admin(http.MethodPut, "/api/series/"+created.GetId(), eventtest.Fields{"name": "Nordic League", "season": "2026", "published": true}).
		MustStatus(t, http.StatusOK)

	profile := func(id string) (*publicv1.PublicAthlete, string) {
		r := s.Do(http.MethodGet, "/api/public/athletes/"+id, nil, "").MustStatus(t, http.StatusOK)
		p := &publicv1.PublicAthlete{}
		r.Decode(t, p)
		return p, string(r.Body)
	}
	var p *publicv1.PublicAthlete
	var body string
	if !poll.Within(10*time.Second, func() bool { p, body = profile(anna.ID); return len(p.GetSeries()) == 1 }) {
		t.Fatalf("anna's profile has no series standing: %s", body)
	}
	if p.GetName() != "Anna Adler" || p.GetClub() != "Box Nord" || p.GetCountry() != "Norway" || p.GetFormer() {
		t.Errorf("anna's profile: %s", body)
	}
	// The birth year as a value, not as digits that a random id may hold.
	for _, secret := range []string{anna.Email, ben.Email, cleo.Email, ":1990", `"1990"`, "email", "birth"} {
		if strings.Contains(strings.ToLower(body), strings.ToLower(secret)) {
			t.Errorf("the profile shows %q: %s", secret, body)
		}
	}
	teams := p.GetTeams()
	if len(teams) != 2 || teams[0].GetTeamId() != autumnTeam || teams[1].GetTeamId() != springTeam {
		t.Fatalf("anna's teams, newest event first: %s", body)
	}
	if teams[0].GetRank() != nil || teams[0].GetTotalPoints() != nil || teams[0].GetAthlete2Name() != "Cleo Cruz" {
		t.Errorf("the autumn team has no published result yet: %s", body)
	}
	if names := teams[0].GetAthleteNames(); !slices.Equal(names, []string{"Anna Adler", "Cleo Cruz"}) {
		t.Errorf("the autumn team's athletes, as the boards name them: %q", names)
	}
	if teams[1].GetRank().GetValue() != 1 || teams[1].GetTotalPoints().GetValue() != 100 || teams[1].GetDivisionName() != "Rx" ||
		teams[1].GetEventName() != "Spring Throwdown" || teams[1].GetTotalTeams() != 2 {
		t.Errorf("the spring team's published placing: %s", body)
	}
	if sr := p.GetSeries()[0]; sr.GetSeriesName() != "Nordic League" || sr.GetRank() != 1 || sr.GetTotalPoints() != 100 || sr.GetName() != "Adler & Berg" {
		t.Errorf("anna's series standing: %s", body)
	}

	// The team page links its athletes' profiles; a name typed in has none.
	team := &publicv1.TeamDetails{}
	s.Do(http.MethodGet, "/api/public/teams/"+springTeam, nil, "").MustStatus(t, http.StatusOK).Decode(t, team)
	if team.GetTeam().GetAthlete1Id() != anna.ID || team.GetTeam().GetAthlete2Id() != ben.ID {
		t.Errorf("team page's athletes: %v", team.GetTeam())
	}
	s.Do(http.MethodGet, "/api/public/teams/"+spring.TeamID("Typed Crew"), nil, "").MustStatus(t, http.StatusOK).Decode(t, team)
	if team.GetTeam().GetAthlete1Id() != "" || team.GetTeam().GetAthlete2Id() != "" {
		t.Errorf("a typed-in team's athletes have accounts: %v", team.GetTeam())
	}
	// Search finds Anna's name with her profile.
	found := &publicv1.PublicSearchResponse{}
	s.Do(http.MethodGet, "/api/public/search?q="+url.QueryEscape("adler"), nil, "").MustStatus(t, http.StatusOK).Decode(t, found)
	if len(found.GetAthletes()) != 1 || found.GetAthletes()[0].GetAthleteId() != anna.ID {
		t.Errorf("search for adler: %v", found.GetAthletes())
	}

	// Unknown and malformed ids, a team's id and an athlete on no team are not found, as a
	// missing page.
	dora := s.SignUpAthlete("Dora", "Dahl")
	for _, id := range []string{"00000000-0000-4000-8000-000000000000", "not-an-id", springTeam, dora.ID} {
		s.Do(http.MethodGet, "/api/public/athletes/"+id, nil, "").MustStatus(t, http.StatusNotFound)
	}

	// Ben deletes his account: his profile says "Former athlete" and nothing else, and the team
	// page no longer links it.
	s.Do(http.MethodPost, "/api/athlete/account/delete", eventtest.Fields{"password": stacktest.AthletePassword}, ben.Token).MustStatus(t, http.StatusOK)
	if !poll.Within(10*time.Second, func() bool { p, body = profile(ben.ID); return p.GetFormer() }) {
		t.Fatalf("ben's profile after deleting his account: %s", body)
	}
	if p.GetName() != "Former athlete" || len(p.GetTeams()) != 0 || len(p.GetSeries()) != 0 || p.GetClub() != "" {
		t.Errorf("a former athlete's profile: %s", body)
	}
	if !poll.Within(10*time.Second, func() bool {
		s.Do(http.MethodGet, "/api/public/teams/"+springTeam, nil, "").MustStatus(t, http.StatusOK).Decode(t, team)
		return team.GetTeam().GetAthlete2Id() == "" && team.GetTeam().GetAthlete2Name() == "Former athlete"
	}) {
		t.Errorf("team page after ben's deletion: %v", team.GetTeam())
	}
}
