package publicsvc_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// Search's athletes (docs/series.md, "Search"): two athletes of the same name are two hits, each
// with its own profile and its own teams; names typed in by hand are one hit without a profile.
func TestSearchLinksEachNamesakeToTheirOwnProfile(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	first, second := s.SignUpAthlete("Mia", "Namesake"), s.SignUpAthlete("Mia", "Namesake")
	ev := seasonEvent(t, s, "Namesake Open", "2026-05-01", "Typed Crew")
	ev.Transition("publish")
	firstTeam := registeredTeam(t, s, ev, "First Crew", first, s.SignUpAthlete("Pia", "One"))
	secondTeam := registeredTeam(t, s, ev, "Second Crew", second, s.SignUpAthlete("Pia", "Two"))

	found := &publicv1.PublicSearchResponse{}
	s.Do(http.MethodGet, "/api/public/search?q="+url.QueryEscape("mia namesake"), nil, "").MustStatus(t, http.StatusOK).Decode(t, found)
	teamsOf := map[string][]string{}
	for _, a := range found.GetAthletes() {
		if a.GetName() != "Mia Namesake" {
			t.Errorf("hit %q for mia namesake", a.GetName())
		}
		for _, team := range a.GetTeams() {
			teamsOf[a.GetAthleteId()] = append(teamsOf[a.GetAthleteId()], team.GetId())
		}
	}
	if len(found.GetAthletes()) != 2 || len(teamsOf[first.ID]) != 1 || teamsOf[first.ID][0] != firstTeam ||
		len(teamsOf[second.ID]) != 1 || teamsOf[second.ID][0] != secondTeam {
		t.Errorf("search for two namesakes: want %s with %s and %s with %s, got %v", first.ID, firstTeam, second.ID, secondTeam, found.GetAthletes())
	}
}
