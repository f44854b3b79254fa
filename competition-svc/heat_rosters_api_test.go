package competitionsvc_test

import (
	"net/http"
	"slices"
	"testing"
)

// TestHeatLanesCarryTheRosters: a lane names its team's starting athletes in roster order
// (substitutes left out) and its division's size, so the console, the schedule and the judge
// cards can show an individual by name and a team by its athletes (docs/heats.md).
func TestHeatLanesCarryTheRosters(t *testing.T) {
	t.Parallel()
	s := startStack(t)
	w := newHeatWorld(t, s, map[string]int{"Trios": 1, "Pairs": 1}, []string{"Trios", "Pairs"})
	trios, pairs := w.divisions[0], w.divisions[1]
	s.Admin(http.MethodPut, "/api/divisions/"+trios, jsonObj{"name": "Trios", "roster": jsonObj{"teamSize": 3, "substitutes": 1}}).
		MustStatus(t, http.StatusOK)
	trio := w.teams[trios][0]
	s.Admin(http.MethodPut, "/api/teams/"+trio, jsonObj{"name": "Trios 01", "divisionId": trios, "athletes": []jsonObj{
		{"name": "Ann"}, {"name": "Bea", "captain": true}, {"name": "Cid"}, {"name": "Sub Sam", "substitute": true}}}).MustStatus(t, http.StatusOK)
	pair := w.teams[pairs][0]
	s.Admin(http.MethodPut, "/api/teams/"+pair, jsonObj{"name": "Pairs 01", "divisionId": pairs, "athlete1Name": "Pia", "athlete2Name": "Pat"}).
		MustStatus(t, http.StatusOK)

	w.generate(t, w.first, jsonObj{"divisionIds": []string{trios, pairs}, "lanesPerHeat": 4, "order": "name", "firstStart": "2026-06-01T09:00:00Z"})
	got := map[string][]string{}
	sizes := map[string]int32{}
	for _, h := range w.list(t, w.first) {
		for _, l := range h.GetLanes() {
			got[l.GetTeamId()], sizes[l.GetTeamId()] = l.GetAthleteNames(), l.GetTeamSize()
		}
	}
	if !slices.Equal(got[trio], []string{"Ann", "Bea", "Cid"}) || sizes[trio] != 3 {
		t.Errorf("the trio's lane: %v, size %d", got[trio], sizes[trio])
	}
	if !slices.Equal(got[pair], []string{"Pia", "Pat"}) || sizes[pair] != 2 {
		t.Errorf("the pair's lane: %v, size %d", got[pair], sizes[pair])
	}
}
