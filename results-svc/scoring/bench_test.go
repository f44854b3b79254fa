package scoring_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/results-svc/scoring"
)

type benchWorkout struct {
	dir     scoring.Direction
	entries []scoring.Entry
}

type benchDivision struct {
	teams    []string
	workouts []benchWorkout
}

// benchEvent builds a deterministic event with a realistic mix: mostly
// completed results with many equal values, some caps, a few dnf and dns.
func benchEvent(divisions, teams, workouts int) []benchDivision {
	rng := rand.New(rand.NewPCG(2023, 1))
	event := make([]benchDivision, divisions)
	for d := range event {
		div := &event[d]
		for i := range teams {
			div.teams = append(div.teams, fmt.Sprintf("d%d-t%03d", d, i))
		}
		for w := range workouts {
			bw := benchWorkout{dir: scoring.Direction(w % 2)}
			for _, id := range div.teams {
				e := scoring.Entry{TeamID: id, Status: typesv1.ResultStatus_completed, Value: float64(300 + rng.IntN(600))}
				switch r := rng.IntN(100); {
				case r < 15:
					e.Status, e.CappedReps = typesv1.ResultStatus_capped, rng.IntN(200)
				case r < 17:
					e.Status = typesv1.ResultStatus_dnf
				case r < 18 && w > 0:
					e.Status = typesv1.ResultStatus_dns
				case r < 30:
					tb := float64(rng.IntN(60))
					e.Tiebreak = &tb
				}
				bw.entries = append(bw.entries, e)
			}
			div.workouts = append(div.workouts, bw)
		}
	}
	return event
}

// BenchmarkRecalculateEvent recomputes every workout placing and every
// division's standings of a 10 × 200 × 10 event, as a full recalculation
// after a results change would.
func BenchmarkRecalculateEvent(b *testing.B) {
	const divisions, teams, workouts = 10, 200, 10
	event := benchEvent(divisions, teams, workouts)
	tb := mustTable(b, "podium100")
	for b.Loop() {
		for _, div := range event {
			placings := make([]scoring.WorkoutPlacings, len(div.workouts))
			for i, w := range div.workouts {
				placings[i] = scoring.ByTeam(scoring.PlaceWorkout(w.entries, w.dir, tb))
			}
			if s := scoring.Standings(div.teams, placings, tb); len(s) != teams {
				b.Fatalf("%d standings, want %d", len(s), teams)
			}
		}
	}
	results := divisions * teams * workouts
	b.ReportMetric(float64(results*b.N)/b.Elapsed().Seconds(), "results/s")
}
