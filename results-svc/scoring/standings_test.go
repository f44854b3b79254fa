package scoring_test

import (
	"slices"
	"testing"

	"github.com/podium-dev/podium/results-svc/scoring"
)

// placed builds one workout's placings straight from places, with points
// from tb, to set up exact countback cases.
func placed(tb scoring.Table, places map[string]int) scoring.WorkoutPlacings {
	w := scoring.WorkoutPlacings{}
	for id, place := range places {
		w[id] = scoring.Placing{TeamID: id, Place: place, Points: tb.Points(place), Ranked: true}
	}
	return w
}

// st is an expected Standing.
func st(id string, rank int, total float64, withdrawn bool, places ...int) scoring.Standing {
	return scoring.Standing{TeamID: id, Rank: rank, Total: total, Withdrawn: withdrawn, Places: places}
}

func checkStandings(t *testing.T, got, want []scoring.Standing) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d standings, want %d: %+v", len(got), len(want), got)
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.TeamID != w.TeamID || g.Rank != w.Rank || g.Total != w.Total || g.Withdrawn != w.Withdrawn ||
			!slices.Equal(g.Places, w.Places) {
			t.Errorf("line %d: got %+v, want %+v", i+1, g, w)
		}
	}
}

func TestStandingsRanksByTotal(t *testing.T) {
	t.Parallel()
	tb := mustTable(t, "podium100")
	w1 := placed(tb, map[string]int{"a": 3, "b": 1, "c": 2})
	w2 := placed(tb, map[string]int{"a": 1, "b": 3, "c": 2})
	w3 := placed(tb, map[string]int{"a": 1, "b": 2, "c": 3})
	checkStandings(t, scoring.Standings([]string{"a", "b", "c"}, []scoring.WorkoutPlacings{w1, w2, w3}, tb), []scoring.Standing{
		st("a", 1, 290, false, 3, 1, 1),
		st("b", 2, 285, false, 1, 3, 2),
		st("c", 3, 280, false, 2, 2, 3),
	})
}

func TestStandingsCountback(t *testing.T) {
	t.Parallel()
	tb := mustTable(t, "podium100")

	t.Run("best single finish wins", func(t *testing.T) {
		// 100+85 = 95+90 = 185: a has the 1st place.
		w1 := placed(tb, map[string]int{"a": 4, "b": 2})
		w2 := placed(tb, map[string]int{"a": 1, "b": 3})
		checkStandings(t, scoring.Standings([]string{"b", "a"}, []scoring.WorkoutPlacings{w1, w2}, tb), []scoring.Standing{
			st("a", 1, 185, false, 4, 1),
			st("b", 2, 185, false, 2, 3),
		})
	})

	t.Run("second element decides", func(t *testing.T) {
		// [1,3,6] and [1,4,5] both total 265; 3 beats 4.
		w1 := placed(tb, map[string]int{"a": 6, "b": 1})
		w2 := placed(tb, map[string]int{"a": 1, "b": 5})
		w3 := placed(tb, map[string]int{"a": 3, "b": 4})
		checkStandings(t, scoring.Standings([]string{"b", "a"}, []scoring.WorkoutPlacings{w1, w2, w3}, tb), []scoring.Standing{
			st("a", 1, 265, false, 6, 1, 3),
			st("b", 2, 265, false, 1, 5, 4),
		})
	})

	t.Run("three-way tie and a still-tied shared place", func(t *testing.T) {
		// a [1,6], b [2,5], c [3,4], d [4,3] all total 175; countback orders
		// a, b, then c and d have the same places and share 3rd; e is 5th.
		w1 := placed(tb, map[string]int{"a": 6, "b": 2, "c": 3, "d": 4, "e": 7})
		w2 := placed(tb, map[string]int{"a": 1, "b": 5, "c": 4, "d": 3, "e": 7})
		got := scoring.Standings([]string{"e", "d", "c", "b", "a"}, []scoring.WorkoutPlacings{w1, w2}, tb)
		checkStandings(t, got, []scoring.Standing{
			st("a", 1, 175, false, 6, 1),
			st("b", 2, 175, false, 2, 5),
			st("d", 3, 175, false, 4, 3), // tied teams keep the teams order
			st("c", 3, 175, false, 3, 4),
			st("e", 5, 146, false, 7, 7),
		})
	})

	t.Run("everyone tied shares first", func(t *testing.T) {
		w1 := placed(tb, map[string]int{"a": 1, "b": 2, "c": 3})
		w2 := placed(tb, map[string]int{"a": 2, "b": 3, "c": 1})
		w3 := placed(tb, map[string]int{"a": 3, "b": 1, "c": 2})
		checkStandings(t, scoring.Standings([]string{"a", "b", "c"}, []scoring.WorkoutPlacings{w1, w2, w3}, tb), []scoring.Standing{
			st("a", 1, 285, false, 1, 2, 3),
			st("b", 1, 285, false, 2, 3, 1),
			st("c", 1, 285, false, 3, 1, 2),
		})
	})

	t.Run("a missing result loses countback", func(t *testing.T) {
		// Both 100 points; b's dnf place still beats having no result.
		w1 := placed(tb, map[string]int{"a": 1, "b": 1})
		w2 := scoring.WorkoutPlacings{"b": {TeamID: "b", Place: 2, Points: 0, Ranked: true}}
		checkStandings(t, scoring.Standings([]string{"a", "b"}, []scoring.WorkoutPlacings{w1, w2}, tb), []scoring.Standing{
			st("b", 1, 100, false, 1, 2),
			st("a", 2, 100, false, 1, 0),
		})
	})
}

func TestStandingsWithdrawnTeam(t *testing.T) {
	t.Parallel()
	tb := mustTable(t, "podium100")
	// w did W1 (2nd) and withdrew before W2: the others are placed around it.
	w1 := scoring.PlaceWorkout([]scoring.Entry{done("a", 300), done("w", 310), done("b", 320)}, scoring.LowerIsBetter, tb)
	w2 := scoring.PlaceWorkout([]scoring.Entry{dns("w"), done("b", 40), done("a", 30)}, scoring.HigherIsBetter, tb)
	if w1[2].Place != 3 || w2[1].Place != 1 || w2[2].Place != 2 {
		t.Fatalf("placings around the withdrawn team: %+v %+v", w1, w2)
	}
	got := scoring.Standings([]string{"w", "a", "b"}, []scoring.WorkoutPlacings{scoring.ByTeam(w1), scoring.ByTeam(w2)}, tb)
	checkStandings(t, got, []scoring.Standing{
		st("a", 1, 195, false, 1, 2),
		st("b", 2, 190, false, 3, 1),
		st("w", 0, 0, true, 2, 0),
	})
}

func TestStandingsWithdrawnListedLastInTeamsOrder(t *testing.T) {
	t.Parallel()
	tb := mustTable(t, "podium100")
	w1 := scoring.ByTeam(scoring.PlaceWorkout([]scoring.Entry{dns("x"), done("a", 5), dns("y")}, scoring.HigherIsBetter, tb))
	got := scoring.Standings([]string{"y", "a", "x"}, []scoring.WorkoutPlacings{w1}, tb)
	checkStandings(t, got, []scoring.Standing{
		st("a", 1, 100, false, 1),
		st("y", 0, 0, true, 0),
		st("x", 0, 0, true, 0),
	})
}

func TestStandingsTeamWithoutResults(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"podium100", "ranksum"} {
		t.Run(name, func(t *testing.T) {
			tb := mustTable(t, name)
			w1 := scoring.ByTeam(scoring.PlaceWorkout([]scoring.Entry{done("a", 5), dnf("b"), dns("w")}, scoring.HigherIsBetter, tb))
			got := scoring.Standings([]string{"none", "w", "b", "a"}, []scoring.WorkoutPlacings{w1}, tb)
			want := []scoring.Standing{
				st("a", 1, tb.Points(1), false, 1),
				st("b", 2, 0, false, 2), // a dnf's 0 points still rank above no result
				st("none", 0, 0, false, 0),
				st("w", 0, 0, true, 0),
			}
			if tb.LowerTotalWins() {
				want[1].Total = 2 // ranksum: a dnf scores its place
			}
			checkStandings(t, got, want)
		})
	}
}

func TestStandingsRanksum(t *testing.T) {
	t.Parallel()
	tb := mustTable(t, "ranksum")
	w1 := scoring.ByTeam(scoring.PlaceWorkout([]scoring.Entry{done("a", 10), done("b", 20), done("c", 30)}, scoring.LowerIsBetter, tb))
	w2 := scoring.ByTeam(scoring.PlaceWorkout([]scoring.Entry{done("a", 1), done("b", 3), dnf("c")}, scoring.HigherIsBetter, tb))
	w3 := scoring.ByTeam(scoring.PlaceWorkout([]scoring.Entry{done("a", 1), done("b", 3), done("c", 2)}, scoring.HigherIsBetter, tb))
	// a 1+2+3 = 6, b 2+1+1 = 4, c 3+3+2 = 8: lowest total wins.
	checkStandings(t, scoring.Standings([]string{"a", "b", "c"}, []scoring.WorkoutPlacings{w1, w2, w3}, tb), []scoring.Standing{
		st("b", 1, 4, false, 2, 1, 1),
		st("a", 2, 6, false, 1, 2, 3),
		st("c", 3, 8, false, 3, 3, 2),
	})
}

func TestStandingsRanksumCountback(t *testing.T) {
	t.Parallel()
	tb := mustTable(t, "ranksum")
	// a [1,4] and b [2,3] both total 5: a's 1st place wins.
	w1 := placed(tb, map[string]int{"a": 4, "b": 2})
	w2 := placed(tb, map[string]int{"a": 1, "b": 3})
	checkStandings(t, scoring.Standings([]string{"b", "a"}, []scoring.WorkoutPlacings{w1, w2}, tb), []scoring.Standing{
		st("a", 1, 5, false, 4, 1),
		st("b", 2, 5, false, 2, 3),
	})
}

func TestStandingsFractionalTotalsTieExactly(t *testing.T) {
	t.Parallel()
	// In float64, 0.2+0.1 is 0.30000000000000004: unrounded, a would win on
	// total. Rounded, the totals tie and b's 1st place wins the countback.
	tb := mustTable(t, "custom", 0.3, 0.2, 0.1)
	w1 := placed(tb, map[string]int{"a": 2, "b": 1})
	w2 := placed(tb, map[string]int{"a": 3, "b": 4})
	checkStandings(t, scoring.Standings([]string{"a", "b"}, []scoring.WorkoutPlacings{w1, w2}, tb), []scoring.Standing{
		st("b", 1, 0.3, false, 1, 4),
		st("a", 2, 0.3, false, 2, 3),
	})
}

func TestStandingsEmptyDivision(t *testing.T) {
	t.Parallel()
	tb := mustTable(t, "podium100")
	if got := scoring.Standings(nil, nil, tb); len(got) != 0 {
		t.Errorf("no teams: got %+v", got)
	}
	// Teams but nothing shown yet: listed, nobody ranked.
	checkStandings(t, scoring.Standings([]string{"a", "b"}, nil, tb), []scoring.Standing{
		st("a", 0, 0, false),
		st("b", 0, 0, false),
	})
	// A workout with no results at all.
	checkStandings(t, scoring.Standings([]string{"a"}, []scoring.WorkoutPlacings{{}}, tb), []scoring.Standing{
		st("a", 0, 0, false, 0),
	})
}

func TestStandingsIgnoresTeamsOutsideTheDivision(t *testing.T) {
	t.Parallel()
	tb := mustTable(t, "podium100")
	w1 := placed(tb, map[string]int{"a": 2, "other": 1})
	checkStandings(t, scoring.Standings([]string{"a"}, []scoring.WorkoutPlacings{w1}, tb), []scoring.Standing{
		st("a", 1, 95, false, 2),
	})
}
