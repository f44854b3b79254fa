package scoring_test

import (
	"maps"
	"testing"

	"github.com/podium-dev/podium/results-svc/scoring"
)

func TestLatestWorkout(t *testing.T) {
	t.Parallel()
	tb := mustTable(t, "podium100")
	none := scoring.WorkoutPlacings{}
	for _, tc := range []struct {
		name     string
		workouts []scoring.WorkoutPlacings
		want     int
	}{
		{"no workouts", nil, -1},
		{"no placings", []scoring.WorkoutPlacings{none, none}, -1},
		{"the last with a placing", []scoring.WorkoutPlacings{placed(tb, map[string]int{"a": 1}), placed(tb, map[string]int{"a": 1}), none}, 1},
		{"a gap before it", []scoring.WorkoutPlacings{none, none, placed(tb, map[string]int{"a": 1})}, 2},
	} {
		if got := scoring.LatestWorkout(tc.workouts); got != tc.want {
			t.Errorf("%s: LatestWorkout = %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestRanksBeforeTheLatestWorkout(t *testing.T) {
	t.Parallel()
	tb := mustTable(t, "podium100")
	// Before workout 2: a 1st (100), b 2nd (95), c 3rd (90). Workout 2 puts c first overall.
	w1 := placed(tb, map[string]int{"a": 1, "b": 2, "c": 3})
	w2 := placed(tb, map[string]int{"a": 4, "b": 2, "c": 1, "d": 3})
	teams := []string{"a", "b", "c", "d"}
	workouts := []scoring.WorkoutPlacings{w1, w2}

	got := scoring.RanksBefore(teams, workouts, scoring.Rules{Table: tb}, scoring.LatestWorkout(workouts))
	// d had no result before workout 2, so it had no rank.
	if want := map[string]int{"a": 1, "b": 2, "c": 3}; !maps.Equal(got, want) {
		t.Fatalf("RanksBefore = %v, want %v", got, want)
	}
	now := map[string]int{}
	for _, s := range scoring.StandingsWith(teams, workouts, scoring.Rules{Table: tb}) {
		now[s.TeamID] = s.Rank
	}
	// a 100+85 = 185, b 95+95 = 190, c 90+100 = 190: b and c tie on 190, c ahead on countback.
	if want := map[string]int{"c": 1, "b": 2, "a": 3, "d": 4}; !maps.Equal(now, want) {
		t.Fatalf("standings now = %v, want %v", now, want)
	}
	if workouts[1]["c"].Place != 1 {
		t.Fatal("RanksBefore changed the caller's workouts")
	}
}
