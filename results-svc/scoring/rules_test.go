package scoring_test

import (
	"math"
	"testing"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/results-svc/scoring"
)

func scaled(e scoring.Entry) scoring.Entry { e.Scaled = true; return e }

func penalised(e scoring.Entry, kind scoring.PenaltyKind, amount float64) scoring.Entry {
	e.Penalty = scoring.Penalty{Kind: kind, Amount: amount, Reason: "no rep"}
	return e
}

func TestPlaceWith(t *testing.T) {
	t.Parallel()
	podium := mustTable(t, "podium100")
	time := scoring.Workout{Dir: scoring.LowerIsBetter}
	reps := scoring.Workout{Dir: scoring.HigherIsBetter}
	tests := []struct {
		name    string
		w       scoring.Workout
		rules   scoring.Rules
		entries []scoring.Entry
		want    []scoring.Placing
	}{
		{
			name:    "a weight multiplies the points",
			w:       scoring.Workout{Dir: scoring.LowerIsBetter, Weight: 2},
			rules:   scoring.Rules{Table: podium},
			entries: []scoring.Entry{done("a", 300), done("b", 250)},
			want:    []scoring.Placing{p("a", 2, 190), p("b", 1, 200)},
		},
		{
			name:    "every Rx result above every Scaled one, even a dnf above a faster Scaled time",
			w:       time,
			rules:   scoring.Rules{Table: podium},
			entries: []scoring.Entry{scaled(done("s", 200)), done("rx", 300), dnf("rxdnf"), scaled(done("s2", 250))},
			want:    []scoring.Placing{p("s", 3, 90), p("rx", 1, 100), p("rxdnf", 2, 0), p("s2", 4, 85)},
		},
		{
			name:    "time added before placing",
			w:       time,
			rules:   scoring.Rules{Table: podium},
			entries: []scoring.Entry{penalised(done("a", 290), scoring.PenaltyTime, 15), done("b", 300)},
			want:    []scoring.Placing{p("a", 2, 95), p("b", 1, 100)},
		},
		{
			name:    "reps deducted before placing, capped reps too",
			w:       reps,
			rules:   scoring.Rules{Table: podium},
			entries: []scoring.Entry{penalised(done("a", 120), scoring.PenaltyReps, 25), done("b", 100)},
			want:    []scoring.Placing{p("a", 2, 95), p("b", 1, 100)},
		},
		{
			name:    "capped reps deducted",
			w:       time,
			rules:   scoring.Rules{Table: podium},
			entries: []scoring.Entry{penalised(capped("a", 20), scoring.PenaltyReps, 5), capped("b", 18)},
			want:    []scoring.Placing{p("a", 2, 95), p("b", 1, 100)},
		},
		{
			name:    "points deducted after placing, never below 0",
			w:       time,
			rules:   scoring.Rules{Table: podium},
			entries: []scoring.Entry{penalised(done("a", 200), scoring.PenaltyPoints, 10), penalised(done("b", 300), scoring.PenaltyPoints, 500)},
			want:    []scoring.Placing{p("a", 1, 90), p("b", 2, 0)},
		},
		{
			name:    "ties average the points of the places they span",
			w:       reps,
			rules:   scoring.Rules{Table: podium, Ties: scoring.TiesAveragePoints},
			entries: []scoring.Entry{done("a", 150), done("b", 120), done("c", 120), done("d", 90)},
			want:    []scoring.Placing{p("a", 1, 100), p("b", 2, 92.5), p("c", 2, 92.5), p("d", 4, 85)},
		},
		{
			name:    "tie stand: the tied get the better place's points, the next takes the very next place",
			w:       reps,
			rules:   scoring.Rules{Table: podium, Ties: scoring.TiesStand},
			entries: []scoring.Entry{done("a", 150), done("b", 120), done("c", 120), done("d", 90)},
			want:    []scoring.Placing{p("a", 1, 100), p("b", 2, 95), p("c", 2, 95), p("d", 3, 90)},
		},
		{
			name:  "P-Score: the best 100, the median 50, never below 0",
			w:     time,
			rules: scoring.Rules{Table: mustTable(t, "pscore")},
			// median of 100, 120, 140, 300 is 130: 100, 66.67, 33.33, below 0 → 0; capped and dnf 0.
			entries: []scoring.Entry{done("a", 100), done("b", 120), done("c", 140), done("d", 300), capped("e", 40), dnf("f")},
			want: []scoring.Placing{p("a", 1, 100), p("b", 2, 100-20*50.0/30), p("c", 3, 100-40*50.0/30), p("d", 4, 0),
				p("e", 5, 0), p("f", 6, 0)},
		},
		{
			name:  "P-Score: a Scaled winner never above the Rx finishers, weighted ×2",
			w:     scoring.Workout{Dir: scoring.LowerIsBetter, Weight: 2},
			rules: scoring.Rules{Table: mustTable(t, "pscore")},
			// Rx median 200: 100, 100, 0, 0 (×2); the Scaled result is fitted below the lowest Rx finisher's 0.
			entries: []scoring.Entry{done("a", 100), done("b", 100), done("c", 300), done("d", 400), scaled(done("s", 500))},
			want:    []scoring.Placing{p("a", 1, 200), p("b", 1, 200), p("c", 3, 0), p("d", 4, 0), p("s", 5, 0)},
		},
		{
			name:  "P-Score: Scaled scores scaled into [0, the lowest Rx finisher's score]",
			w:     time,
			rules: scoring.Rules{Table: mustTable(t, "pscore")},
			// Rx median 110: 100, 50, 25; Scaled median 300: 100, 50, 0 of 25.
			entries: []scoring.Entry{done("a", 100), done("b", 110), done("c", 115), scaled(done("s1", 200)), scaled(done("s2", 300)), scaled(done("s3", 400)), capped("e", 3)},
			want: []scoring.Placing{p("a", 1, 100), p("b", 2, 50), p("c", 3, 25), p("s1", 5, 25), p("s2", 6, 12.5), p("s3", 7, 0),
				p("e", 4, 0)},
		},
		{
			name:    "P-Score for reps, every result equal to the best",
			w:       reps,
			rules:   scoring.Rules{Table: mustTable(t, "pscore")},
			entries: []scoring.Entry{done("a", 80), done("b", 80)},
			want:    []scoring.Placing{p("a", 1, 100), p("b", 1, 100)},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := scoring.PlaceWith(tc.entries, tc.w, tc.rules)
			if len(got) != len(tc.want) {
				t.Fatalf("got %d placings, want %d", len(got), len(tc.want))
			}
			for i := range got {
				g, w := got[i], tc.want[i]
				if g.TeamID != w.TeamID || g.Place != w.Place || g.Ranked != w.Ranked || math.Abs(g.Points-w.Points) > 1e-9 {
					t.Errorf("entry %d: got %+v, want %+v", i, g, w)
				}
			}
		})
	}
}

func TestStandingsWithTieBreaks(t *testing.T) {
	t.Parallel()
	podium := mustTable(t, "podium100")
	// a and b both total 195: a won workout 1, b won workout 2; c totals 180.
	w1 := scoring.ByTeam([]scoring.Placing{p("a", 1, 100), p("b", 2, 95), p("c", 3, 90)})
	w2 := scoring.ByTeam([]scoring.Placing{p("b", 1, 100), p("a", 2, 95), p("c", 3, 90)})
	teams := []string{"a", "b", "c"}
	rank := func(st []scoring.Standing) map[string]scoring.Standing {
		m := map[string]scoring.Standing{}
		for _, s := range st {
			m[s.TeamID] = s
		}
		return m
	}

	// Countback cannot separate 1,2 from 2,1: they share first.
	cb := rank(scoring.StandingsWith(teams, []scoring.WorkoutPlacings{w1, w2}, scoring.Rules{Table: podium}))
	if cb["a"].Rank != 1 || cb["b"].Rank != 1 || cb["a"].Tie != scoring.TieShared || cb["c"].Tie != scoring.NotTied {
		t.Errorf("countback: %+v", cb)
	}
	// The place in workout 2 decides.
	byW2 := rank(scoring.StandingsWith(teams, []scoring.WorkoutPlacings{w1, w2}, scoring.Rules{Table: podium, Overall: scoring.TieBreakByWorkout, OverallWorkout: 1}))
	if byW2["b"].Rank != 1 || byW2["a"].Rank != 2 || byW2["b"].Tie != scoring.TieBrokenAhead || byW2["a"].Tie != scoring.TieBrokenBehind {
		t.Errorf("by workout 2: %+v", byW2)
	}
	// None: shared even where countback would decide.
	w3 := scoring.ByTeam([]scoring.Placing{p("a", 1, 100), p("b", 1, 100), p("c", 3, 90)})
	w4 := scoring.ByTeam([]scoring.Placing{p("a", 2, 95), p("b", 3, 95), p("c", 1, 100)})
	none := rank(scoring.StandingsWith(teams, []scoring.WorkoutPlacings{w3, w4}, scoring.Rules{Table: podium, Overall: scoring.TieBreakNone}))
	if none["a"].Rank != 1 || none["b"].Rank != 1 {
		t.Errorf("no tie-break: %+v", none)
	}
	counted := rank(scoring.StandingsWith(teams, []scoring.WorkoutPlacings{w3, w4}, scoring.Rules{Table: podium}))
	if counted["a"].Rank != 1 || counted["b"].Rank != 2 || counted["a"].Tie != scoring.TieBrokenAhead {
		t.Errorf("countback 1,2 over 1,3: %+v", counted)
	}
}

func TestCombineParts(t *testing.T) {
	t.Parallel()
	part1 := []scoring.Entry{done("a", 60), done("b", 70), done("c", 50), dns("d")}
	part2 := []scoring.Entry{done("a", 65), capped("b", 12), done("d", 40)}
	want := map[string]scoring.Entry{
		"a": {TeamID: "a", Status: typesv1.ResultStatus_completed, Value: 125},
		"b": {TeamID: "b", Status: typesv1.ResultStatus_capped, CappedReps: 12},
		"c": {TeamID: "c", Status: typesv1.ResultStatus_dnf}, // no result in part 2
		"d": {TeamID: "d", Status: typesv1.ResultStatus_dns},
	}
	for _, e := range scoring.CombineParts([][]scoring.Entry{part1, part2}, scoring.LowerIsBetter, scoring.CombineSum) {
		if w := want[e.TeamID]; e.Status != w.Status || e.Value != w.Value || e.CappedReps != w.CappedReps {
			t.Errorf("sum: %s got %+v, want %+v", e.TeamID, e, w)
		}
	}
	best := map[string]float64{"a": 60, "b": 70, "c": 50, "d": 40}
	for _, e := range scoring.CombineParts([][]scoring.Entry{part1, part2}, scoring.LowerIsBetter, scoring.CombineBest) {
		if e.Status != typesv1.ResultStatus_completed || e.Value != best[e.TeamID] {
			t.Errorf("best: %s got %+v, want completed %v", e.TeamID, e, best[e.TeamID])
		}
	}
}

func TestCheckWeight(t *testing.T) {
	t.Parallel()
	for w, ok := range map[float64]bool{0.5: true, 1: true, 3: true, 0.4: false, 3.5: false, math.NaN(): false} {
		if err := scoring.CheckWeight(w); (err == nil) != ok {
			t.Errorf("weight %v: %v", w, err)
		}
	}
}
