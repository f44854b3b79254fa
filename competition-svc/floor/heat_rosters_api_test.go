package floor_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/poll"
)

// TestHeatLanesCarryTheRosters: a lane names its team's starting athletes in roster order
// (substitutes left out) and its division's size, so the console, the schedule and the judge
// cards can show an individual by name and a team by its athletes (docs/heats.md); the public
// schedule's lanes and the judge link's sheet carry the same (docs/rosters.md).
func TestHeatLanesCarryTheRosters(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	// In the future: a judge link ends with its event.
	w := newHeatWorldOn(t, s, "2099-06-01", "2099-06-02", map[string]int{"Trios": 1, "Pairs": 1}, []string{"Trios", "Pairs"})
	trios, pairs := w.divisions[0], w.divisions[1]
	s.Admin(http.MethodPut, "/api/divisions/"+trios, apitest.Obj{"name": "Trios", "roster": apitest.Obj{"teamSize": 3, "substitutes": 1}}).
		MustStatus(t, http.StatusOK)
	trio := w.teams[trios][0]
	s.Admin(http.MethodPut, "/api/teams/"+trio, apitest.Obj{"name": "Trios 01", "divisionId": trios, "athletes": []apitest.Obj{
		{"name": "Ann"}, {"name": "Bea", "captain": true}, {"name": "Cid"}, {"name": "Sub Sam", "substitute": true}}}).MustStatus(t, http.StatusOK)
	pair := w.teams[pairs][0]
	s.Admin(http.MethodPut, "/api/teams/"+pair, apitest.Obj{"name": "Pairs 01", "divisionId": pairs, "athlete1Name": "Pia", "athlete2Name": "Pat"}).
		MustStatus(t, http.StatusOK)

	w.generate(t, w.first, apitest.Obj{"divisionIds": []string{trios, pairs}, "lanesPerHeat": 4, "order": "name", "firstStart": "2099-06-01T09:00:00Z"})
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

	// The public schedule (rebuilt from the event's sources, so polled) and a judge link's sheet.
	var schedule publicv1.Schedule
	poll.Until(t, 30*time.Second, "the heats on the public schedule", func() bool {
		schedule.Reset()
		r := s.Do(http.MethodGet, "/api/public/events/"+w.event+"/schedule", nil, "")
		if r.Status != http.StatusOK {
			return false
		}
		r.Decode(t, &schedule)
		return len(schedule.GetWorkouts()) > 0
	})
	fromSchedule := map[string][]string{}
	for _, h := range schedule.GetWorkouts()[0].GetHeats() {
		for _, l := range h.GetLanes() {
			fromSchedule[l.GetTeamId()] = l.GetAthleteNames()
			if l.GetTeamSize() != sizes[l.GetTeamId()] {
				t.Errorf("schedule lane %d: size %d, want %d", l.GetLane(), l.GetTeamSize(), sizes[l.GetTeamId()])
			}
		}
	}
	links := createLinks(t, w, apitest.Obj{"workoutId": w.first, "stations": []apitest.Obj{{"lanes": []int{}}}}, w.organiser)
	var sheet resultsv1.JudgeSheet
	s.Do(http.MethodGet, "/api/judge/sheet", nil, links[0].GetToken()).MustStatus(t, http.StatusOK).Decode(t, &sheet)
	fromSheet := map[string][]string{}
	for _, h := range sheet.GetHeats() {
		for _, l := range h.GetLanes() {
			fromSheet[l.GetTeamId()] = l.GetAthleteNames()
			if l.GetTeamSize() != sizes[l.GetTeamId()] {
				t.Errorf("judge sheet lane %d: size %d, want %d", l.GetLane(), l.GetTeamSize(), sizes[l.GetTeamId()])
			}
		}
	}
	for _, team := range []string{trio, pair} {
		if !slices.Equal(fromSchedule[team], got[team]) || !slices.Equal(fromSheet[team], got[team]) {
			t.Errorf("team %s: schedule %v, judge sheet %v, want %v", w.names[team], fromSchedule[team], fromSheet[team], got[team])
		}
	}
}
