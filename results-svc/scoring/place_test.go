package scoring_test

import (
	"slices"
	"testing"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/results-svc/scoring"
)

func done(id string, v float64) scoring.Entry {
	return scoring.Entry{TeamID: id, Status: typesv1.ResultStatus_completed, Value: v}
}

func capped(id string, reps int) scoring.Entry {
	// The Value is junk on purpose: it must not count for a capped result.
	return scoring.Entry{TeamID: id, Status: typesv1.ResultStatus_capped, CappedReps: reps, Value: 1}
}

func dnf(id string) scoring.Entry { return scoring.Entry{TeamID: id, Status: typesv1.ResultStatus_dnf} }
func dns(id string) scoring.Entry { return scoring.Entry{TeamID: id, Status: typesv1.ResultStatus_dns} }

func withTiebreak(e scoring.Entry, tb float64) scoring.Entry {
	e.Tiebreak = &tb
	return e
}

// p is an expected Placing; place 0 means no place.
func p(id string, place int, points float64) scoring.Placing {
	return scoring.Placing{TeamID: id, Place: place, Points: points, Ranked: place > 0}
}

func TestPlaceWorkout(t *testing.T) {
	t.Parallel()
	podium := mustTable(t, "podium100")
	tests := []struct {
		name    string
		dir     scoring.Direction
		table   scoring.Table
		entries []scoring.Entry
		want    []scoring.Placing
	}{
		{
			name:    "empty division",
			dir:     scoring.LowerIsBetter,
			table:   podium,
			entries: nil,
			want:    []scoring.Placing{},
		},
		{
			name:    "time: lower is better, output in input order",
			dir:     scoring.LowerIsBetter,
			table:   podium,
			entries: []scoring.Entry{done("a", 300), done("b", 250), done("c", 420)},
			want:    []scoring.Placing{p("a", 2, 95), p("b", 1, 100), p("c", 3, 90)},
		},
		{
			name:    "reps: higher is better, ties share the better place and skip the next",
			dir:     scoring.HigherIsBetter,
			table:   podium,
			entries: []scoring.Entry{done("a", 150), done("b", 120), done("c", 120), done("d", 90)},
			want:    []scoring.Placing{p("a", 1, 100), p("b", 2, 95), p("c", 2, 95), p("d", 4, 85)},
		},
		{
			name:    "three-way tie for first",
			dir:     scoring.HigherIsBetter,
			table:   podium,
			entries: []scoring.Entry{done("a", 10), done("b", 10), done("c", 10), done("d", 9)},
			want:    []scoring.Placing{p("a", 1, 100), p("b", 1, 100), p("c", 1, 100), p("d", 4, 85)},
		},
		{
			name:  "caps below every finisher, more reps better",
			dir:   scoring.LowerIsBetter,
			table: podium,
			entries: []scoring.Entry{
				capped("a", 180), done("b", 1199), capped("c", 200), capped("d", 180), done("e", 600),
			},
			want: []scoring.Placing{p("a", 4, 85), p("b", 2, 95), p("c", 3, 90), p("d", 4, 85), p("e", 1, 100)},
		},
		{
			name:    "dnf after caps with 0 points, dnfs share a place",
			dir:     scoring.LowerIsBetter,
			table:   podium,
			entries: []scoring.Entry{dnf("a"), capped("b", 0), done("c", 900), dnf("d")},
			want:    []scoring.Placing{p("a", 3, 0), p("b", 2, 95), p("c", 1, 100), p("d", 3, 0)},
		},
		{
			name:    "dns gets no place and the others are placed around it",
			dir:     scoring.HigherIsBetter,
			table:   podium,
			entries: []scoring.Entry{dns("a"), done("b", 50), dnf("c"), done("d", 60)},
			want:    []scoring.Placing{p("a", 0, 0), p("b", 2, 95), p("c", 3, 0), p("d", 1, 100)},
		},
		{
			name:    "only dns",
			dir:     scoring.HigherIsBetter,
			table:   podium,
			entries: []scoring.Entry{dns("a")},
			want:    []scoring.Placing{p("a", 0, 0)},
		},
		{
			name:    "decimals: 102.5 beats 102.25",
			dir:     scoring.HigherIsBetter,
			table:   podium,
			entries: []scoring.Entry{done("a", 102.25), done("b", 102.5), done("c", 102.25)},
			want:    []scoring.Placing{p("a", 2, 95), p("b", 1, 100), p("c", 2, 95)},
		},
		{
			name:    "decimal times",
			dir:     scoring.LowerIsBetter,
			table:   podium,
			entries: []scoring.Entry{done("a", 61.25), done("b", 61.2)},
			want:    []scoring.Placing{p("a", 2, 95), p("b", 1, 100)},
		},
		{
			name:    "zero reps ranks above a dnf and scores",
			dir:     scoring.HigherIsBetter,
			table:   podium,
			entries: []scoring.Entry{dnf("a"), done("b", 0), done("c", 5)},
			want:    []scoring.Placing{p("a", 3, 0), p("b", 2, 95), p("c", 1, 100)},
		},
		{
			name:  "tiebreak separates equal values, lower is better, missing is worst",
			dir:   scoring.HigherIsBetter,
			table: podium,
			entries: []scoring.Entry{
				withTiebreak(done("a", 100), 95), done("b", 100), withTiebreak(done("c", 100), 80),
				withTiebreak(done("d", 100), 95), withTiebreak(done("e", 99), 1),
			},
			want: []scoring.Placing{p("a", 2, 95), p("b", 4, 85), p("c", 1, 100), p("d", 2, 95), p("e", 5, 80)},
		},
		{
			name:    "tiebreak separates capped results with equal reps",
			dir:     scoring.LowerIsBetter,
			table:   podium,
			entries: []scoring.Entry{withTiebreak(capped("a", 150), 700), withTiebreak(capped("b", 150), 640)},
			want:    []scoring.Placing{p("a", 2, 95), p("b", 1, 100)},
		},
		{
			name:    "tiebreak does not separate dnfs",
			dir:     scoring.LowerIsBetter,
			table:   podium,
			entries: []scoring.Entry{withTiebreak(dnf("a"), 1), dnf("b")},
			want:    []scoring.Placing{p("a", 1, 0), p("b", 1, 0)},
		},
		{
			name:    "ranksum: points are places, a dnf scores its place",
			dir:     scoring.LowerIsBetter,
			table:   mustTable(t, "ranksum"),
			entries: []scoring.Entry{done("a", 100), capped("b", 3), dnf("c"), done("d", 100), dns("e")},
			want:    []scoring.Placing{p("a", 1, 1), p("b", 3, 3), p("c", 4, 4), p("d", 1, 1), p("e", 0, 0)},
		},
		{
			name:    "custom table: places past its end score 0",
			dir:     scoring.HigherIsBetter,
			table:   mustTable(t, "custom", 10, 5),
			entries: []scoring.Entry{done("a", 3), done("b", 2), done("c", 1)},
			want:    []scoring.Placing{p("a", 1, 10), p("b", 2, 5), p("c", 3, 0)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := scoring.PlaceWorkout(tt.entries, tt.dir, tt.table)
			if len(got) != len(tt.want) {
				t.Fatalf("got %d placings, want %d", len(got), len(tt.want))
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("entry %d: got %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestPlaceWorkoutDoesNotReorderInput(t *testing.T) {
	t.Parallel()
	entries := []scoring.Entry{done("a", 3), done("b", 1), done("c", 2)}
	scoring.PlaceWorkout(entries, scoring.LowerIsBetter, scoring.Table{})
	if entries[0].TeamID != "a" || entries[1].TeamID != "b" || entries[2].TeamID != "c" {
		t.Errorf("input reordered: %+v", entries)
	}
}

// A dq has no place and 0 points, counts for the standings (the team is not withdrawn) and
// takes no place from anyone; under ranksum it gets the place after every placed result as
// points, so a disqualification never helps.
func TestDisqualified(t *testing.T) {
	t.Parallel()
	dq := scoring.Entry{TeamID: "b", Status: typesv1.ResultStatus_dq, Value: 1}
	entries := []scoring.Entry{done("a", 300), dq, done("c", 400), dnf("d")}
	got := scoring.PlaceWith(entries, scoring.Workout{Dir: scoring.LowerIsBetter}, scoring.Rules{Table: mustTable(t, "podium100")})
	want := []scoring.Placing{p("a", 1, 100), {TeamID: "b", Ranked: true}, p("c", 2, 95), p("d", 3, 0)}
	if !slices.Equal(got, want) {
		t.Errorf("podium100: %v, want %v", got, want)
	}
	got = scoring.PlaceWith(entries, scoring.Workout{Dir: scoring.LowerIsBetter, Weight: 2}, scoring.Rules{Table: mustTable(t, "ranksum")})
	if got[1] != (scoring.Placing{TeamID: "b", Points: 8, Ranked: true}) {
		t.Errorf("ranksum ×2: dq %v, want 8 points (place 4 × 2) and no place", got[1])
	}
	standings := scoring.Standings([]string{"a", "b"}, []scoring.WorkoutPlacings{scoring.ByTeam(got)}, mustTable(t, "ranksum"))
	if standings[1].TeamID != "b" || standings[1].Withdrawn || standings[1].Rank != 2 {
		t.Errorf("standings %+v, want b ranked second, not withdrawn", standings)
	}
}
