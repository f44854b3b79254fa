package scoring_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/podium-dev/podium/results-svc/scoring"
)

// BenchmarkSeriesStandings: a change in one event of a 10-event season of 300 teams. The
// baseline is that event's own recalculation (6 workouts, the standings a publish rebuilds);
// series is the season's standings rebuilt from the ten events' placings, best 8 counted
// (docs/series.md; goal: the whole series under 50 ms).
func BenchmarkSeriesStandings(b *testing.B) {
	const events, teams, workouts = 10, 300, 6
	rng := rand.New(rand.NewPCG(2026, 10))
	var placings []scoring.SeriesResult
	for ev := range events {
		for i, p := range rng.Perm(teams) {
			if rng.IntN(10) == 0 {
				continue // a team that skipped this event
			}
			placings = append(placings, scoring.SeriesResult{Competitor: fmt.Sprintf("team-%03d", i), Event: ev, Place: p + 1})
		}
	}
	table, err := scoring.NewTable("podium100", nil)
	if err != nil {
		b.Fatal(err)
	}
	event := benchEvent(1, teams, workouts)[0]
	b.Run("baseline-one-event", func(b *testing.B) {
		for b.Loop() {
			wp := make([]scoring.WorkoutPlacings, len(event.workouts))
			for i, w := range event.workouts {
				wp[i] = scoring.ByTeam(scoring.PlaceWorkout(w.entries, w.dir, table))
			}
			scoring.Standings(event.teams, wp, table)
		}
	})
	b.Run("series-10x300", func(b *testing.B) {
		for b.Loop() {
			scoring.SeriesStandings(placings, scoring.SeriesRules{Table: table, BestN: 8})
		}
	})
}
