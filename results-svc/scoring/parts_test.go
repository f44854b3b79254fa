package scoring_test

import (
	"testing"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/results-svc/scoring"
)

func dq(id string) scoring.Entry { return scoring.Entry{TeamID: id, Status: typesv1.ResultStatus_dq} }

// A combined workout (docs/scoring.md, "Multi-part workouts") with penalties on its parts and
// parts not done: the combined entries, then their places and points.
func TestCombinePartsPenaltiesAndStatuses(t *testing.T) {
	t.Parallel()
	podium := mustTable(t, "podium100")
	tests := []struct {
		name   string
		dir    scoring.Direction
		how    scoring.Combine
		parts  [][]scoring.Entry
		want   map[string]scoring.Entry // Status, Value, CappedReps, Penalty compared
		places []scoring.Placing        // placed as one workout under podium100
	}{
		{
			name: "sum of times: a part's time penalty counts in the sum before placing",
			dir:  scoring.LowerIsBetter, how: scoring.CombineSum,
			parts: [][]scoring.Entry{
				{done("a", 100), penalised(done("b", 90), scoring.PenaltyTime, 30), done("c", 120)},
				{done("a", 100), done("b", 100), done("c", 100)},
			},
			want: map[string]scoring.Entry{
				"a": {Status: typesv1.ResultStatus_completed, Value: 200},
				"b": {Status: typesv1.ResultStatus_completed, Value: 220}, // 190 without the penalty: first
				"c": {Status: typesv1.ResultStatus_completed, Value: 220},
			},
			places: []scoring.Placing{p("a", 1, 100), p("b", 2, 95), p("c", 2, 95)},
		},
		{
			name: "sum of reps: reps deducted on a part, and on a capped part's reps",
			dir:  scoring.HigherIsBetter, how: scoring.CombineSum,
			parts: [][]scoring.Entry{
				{penalised(done("a", 50), scoring.PenaltyReps, 10), done("b", 45), done("c", 40)},
				{done("a", 50), done("b", 50), penalised(capped("c", 20), scoring.PenaltyReps, 5)},
			},
			want: map[string]scoring.Entry{
				"a": {Status: typesv1.ResultStatus_completed, Value: 90},
				"b": {Status: typesv1.ResultStatus_completed, Value: 95},
				"c": {Status: typesv1.ResultStatus_capped, CappedReps: 15},
			},
			places: []scoring.Placing{p("a", 2, 95), p("b", 1, 100), p("c", 3, 90)},
		},
		{
			name: "points penalties on parts add up and come off the combined workout's points",
			dir:  scoring.LowerIsBetter, how: scoring.CombineSum,
			parts: [][]scoring.Entry{
				{penalised(done("a", 60), scoring.PenaltyPoints, 5), done("b", 70)},
				{penalised(done("a", 60), scoring.PenaltyPoints, 10), done("b", 70)},
			},
			want: map[string]scoring.Entry{
				"a": {Status: typesv1.ResultStatus_completed, Value: 120, Penalty: scoring.Penalty{Kind: scoring.PenaltyPoints, Amount: 15}},
				"b": {Status: typesv1.ResultStatus_completed, Value: 140},
			},
			places: []scoring.Placing{p("a", 1, 85), p("b", 2, 95)},
		},
		{
			name: "sum: a dq part disqualifies, a dnf part leaves no value, a missing part is a dnf",
			dir:  scoring.LowerIsBetter, how: scoring.CombineSum,
			parts: [][]scoring.Entry{
				{done("a", 100), dq("b"), done("c", 100), done("d", 100)},
				{done("a", 100), done("b", 50), dnf("c")},
			},
			want: map[string]scoring.Entry{
				"a": {Status: typesv1.ResultStatus_completed, Value: 200},
				"b": {Status: typesv1.ResultStatus_dq},
				"c": {Status: typesv1.ResultStatus_dnf},
				"d": {Status: typesv1.ResultStatus_dnf},
			},
			places: []scoring.Placing{p("a", 1, 100), {TeamID: "b", Place: 0, Points: 0, Ranked: true}, p("c", 2, 0), p("d", 2, 0)}, // a dnf: placed, no points,
		},
		{
			name: "best: a dq part disqualifies even beside a better part; a dnf part leaves the other",
			dir:  scoring.HigherIsBetter, how: scoring.CombineBest,
			parts: [][]scoring.Entry{
				{done("a", 100), done("b", 200), dnf("c")},
				{done("a", 110), dq("b"), penalised(done("c", 120), scoring.PenaltyReps, 20)},
			},
			want: map[string]scoring.Entry{
				"a": {Status: typesv1.ResultStatus_completed, Value: 110},
				"b": {Status: typesv1.ResultStatus_dq},
				"c": {Status: typesv1.ResultStatus_completed, Value: 100},
			},
			places: []scoring.Placing{p("a", 1, 100), {TeamID: "b", Place: 0, Points: 0, Ranked: true}, p("c", 2, 95)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := scoring.CombineParts(tt.parts, tt.dir, tt.how)
			if len(got) != len(tt.want) {
				t.Fatalf("got %d entries, want %d: %+v", len(got), len(tt.want), got)
			}
			for _, e := range got {
				w := tt.want[e.TeamID]
				if e.Status != w.Status || e.Value != w.Value || e.CappedReps != w.CappedReps ||
					e.Penalty.Kind != w.Penalty.Kind || e.Penalty.Amount != w.Penalty.Amount {
					t.Errorf("%s: got %+v, want %+v", e.TeamID, e, w)
				}
			}
			placed := scoring.ByTeam(scoring.PlaceWith(got, scoring.Workout{Dir: tt.dir}, scoring.Rules{Table: podium}))
			for _, w := range tt.places {
				if g := placed[w.TeamID]; g.Place != w.Place || g.Points != w.Points || g.Ranked != w.Ranked {
					t.Errorf("%s placed %+v, want %+v", w.TeamID, g, w)
				}
			}
		})
	}
}
