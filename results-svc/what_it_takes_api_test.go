package resultssvc_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// TestWhatItTakes: "What do I need?" (docs/competition-day.md) gives the worst published result
// of a workout a team may match and still reach a place overall, scored by the event's own
// rules with the other teams' results as published, and says why when there is no path.
func TestWhatItTakes(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	x := newSetup(t, s, "What It Takes Games")
	x.Division("Rx", "", eventtest.Named("Alpha", "Bravo", "Charlie", "Delta")...)
	x.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	x.Workout(eventtest.WorkoutFields("Cindy", "REPS", 0, 2))
	x.Workout(eventtest.WorkoutFields("Grace", "TIME", 600, 3))
	x.Transition("publish")
	row := func(team, workout string, value float64) eventtest.Fields {
		return eventtest.Fields{"teamId": x.TeamID(team), "workoutId": x.WorkoutID(workout), "resultValue": value}
	}
	// Fran: Alpha 1st (100), Bravo 95, Charlie 90, Delta 85. Cindy without Alpha: Bravo 100,
	// Charlie 95, Delta 90. Totals: Bravo 195, Charlie 185, Delta 175, Alpha 100.
	x.Publish(x.Results(row("Alpha", "Fran", 300), row("Bravo", "Fran", 320), row("Charlie", "Fran", 340), row("Delta", "Fran", 360),
		row("Bravo", "Cindy", 250), row("Charlie", "Cindy", 240), row("Delta", "Cindy", 230))...)
	// A draft is no published result: nobody sees it, so nobody's path counts it.
	x.Results(row("Alpha", "Grace", 200))

	ask := func(team, workout string, rank int) *publicv1.PublicWhatItTakes {
		t.Helper()
		out := &publicv1.PublicWhatItTakes{}
		s.Do(http.MethodGet, fmt.Sprintf("/api/public/events/%s/teams/%s/what-it-takes?workoutId=%s&rank=%d", x.ID, x.TeamID(team), x.WorkoutID(workout), rank), nil, "").
			MustStatus(t, http.StatusOK).Decode(t, out)
		return out
	}
	path := func(p *publicv1.PublicWhatItTakes) string {
		if p.GetUnavailable() != "" {
			return "unavailable: " + p.GetUnavailable()
		}
		return fmt.Sprintf("match %s (%s) → %d in %s → %g points → %g total → %d overall (reached %v, any %v)", p.GetResultText(), p.GetMatchedTeamName(),
			p.GetWorkoutRank(), p.GetWorkoutName(), p.GetPoints(), p.GetTotal(), p.GetOverallRank(), p.GetReached(), p.GetAnyResult())
	}
	for _, c := range []struct {
		team, workout string
		rank          int
		want          string
	}{
		// Matching Charlie's 240 ties him 2nd (95): 195, level with Bravo on total and on
		// countback (a 1st and a 2nd each), so first is shared. Delta's 230 leaves 190: 2nd.
		// Charlie's result is the worst that wins.
		{"Alpha", "Cindy", 1, "match 240 (Charlie) → 2 in Cindy → 95 points → 195 total → 1 overall (reached true, any false)"},
		// Third place: any published result will do, Delta's, the worst, gives 2nd.
		{"Alpha", "Cindy", 3, "match 230 (Delta) → 3 in Cindy → 90 points → 190 total → 2 overall (reached true, any true)"},
		// Out of reach: matching the best result, Bravo's 250, is what there is.
		{"Delta", "Cindy", 1, "unavailable: published"},
		{"Delta", "Grace", 1, "unavailable: no_results"},
		{"Alpha", "Fran", 1, "unavailable: published"},
	} {
		if got := path(ask(c.team, c.workout, c.rank)); got != c.want {
			t.Errorf("%s in %s for %d:\n got %s\nwant %s", c.team, c.workout, c.rank, got, c.want)
		}
	}

	// Bad input: a rank below 1 names the field; a team or workout the public does not see is
	// not found.
	s.Do(http.MethodGet, fmt.Sprintf("/api/public/events/%s/teams/%s/what-it-takes?workoutId=%s&rank=0", x.ID, x.TeamID("Alpha"), x.WorkoutID("Cindy")), nil, "").
		WantError(t, http.StatusBadRequest, "rank", "Rank must be at least 1")
	s.Do(http.MethodGet, fmt.Sprintf("/api/public/events/%s/teams/%s/what-it-takes?workoutId=%s&rank=1", x.ID, x.WorkoutID("Cindy"), x.WorkoutID("Cindy")), nil, "").
		MustStatus(t, http.StatusNotFound)
}
