// Package bench seeds data for the benchmarks through the public /api, like an organiser
// would (internal/eventtest): scripts/bench-public.sh runs it as a program
// (./tests/bench/seed-public) against a running stack, and the Go benchmarks call it against an
// in-process one.
package bench

import (
	"fmt"
	"math/rand/v2"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// Seeded names what Seed created.
type Seeded struct {
	Event      *eventtest.Event // for building on it
	EventID    string
	DivisionID string
	WorkoutIDs []string
	TeamIDs    []string
}

// LeaderboardPath is the public division leaderboard of the seeded division.
func (s Seeded) LeaderboardPath() string {
	return "/api/public/events/" + s.EventID + "/divisions/" + s.DivisionID + "/leaderboard"
}

// scoreTypes are the workouts' score types in turn; every word sent is the contract's enum
// value name (protojson's spelling), never typed by hand.
var scoreTypes = []typesv1.ScoreType{typesv1.ScoreType_TIME, typesv1.ScoreType_REPS, typesv1.ScoreType_MAX_WEIGHT, typesv1.ScoreType_POINTS}

// Seed creates an in-progress event with one division of teams teams and workouts workouts,
// enters a result for every team in every workout (a few capped and dnf) and publishes them
// all. The values are pseudo-random but the same on every run.
func Seed(f eventtest.Failer, api eventtest.API, teams, workouts int) Seeded {
	f.Helper()
	ev := eventtest.New(f, api).Event(eventtest.Fields{
		"name": "Benchmark Championship", "dateFrom": "2026-06-01", "dateTo": "2026-06-03", "location": "Loopback",
		"description": "Seeded by tests/bench.", "status": typesv1.EventStatus_IN_PROGRESS.String(), "detailsVisible": true,
	})
	newTeams := make([]*competitionv1.NewTeam, teams)
	for i := range newTeams {
		newTeams[i] = &competitionv1.NewTeam{
			Name: fmt.Sprintf("Team %03d", i+1), Athlete1Name: fmt.Sprintf("Athlete %03dA", i+1), Athlete2Name: fmt.Sprintf("Athlete %03dB", i+1),
		}
	}
	out := Seeded{Event: ev, EventID: ev.ID, DivisionID: ev.Division("Elite", "Seeded", newTeams...).GetId()}
	for _, t := range ev.Teams {
		out.TeamIDs = append(out.TeamIDs, t.GetId())
	}
	rng := rand.New(rand.NewPCG(42, 5))
	var saved []*resultsv1.Result
	for wi := range workouts {
		st := scoreTypes[wi%len(scoreTypes)]
		body := eventtest.WorkoutFields(fmt.Sprintf("Workout %d", wi+1), st.String(), 0, wi+1)
		body["description"] = fmt.Sprintf("## Workout %d\n\nFor time or load.", wi+1)
		if st == typesv1.ScoreType_TIME {
			body["timeCapSeconds"] = 900
		}
		w := ev.Workout(body).GetId()
		out.WorkoutIDs = append(out.WorkoutIDs, w)
		rows := make([]eventtest.Fields, len(out.TeamIDs))
		for ti, team := range out.TeamIDs {
			row := eventtest.Fields{"teamId": team, "workoutId": w}
			switch roll := rng.IntN(100); {
			case roll < 2:
				row["status"] = typesv1.ResultStatus_dnf.String()
			case st == typesv1.ScoreType_TIME && roll < 12:
				row["status"], row["cappedReps"] = typesv1.ResultStatus_capped.String(), 20+rng.IntN(80)
			case st == typesv1.ScoreType_TIME:
				row["resultValue"] = 300 + rng.IntN(590)
			case st == typesv1.ScoreType_REPS:
				row["resultValue"] = 50 + rng.IntN(250)
			case st == typesv1.ScoreType_MAX_WEIGHT:
				row["resultValue"] = 60 + 2.5*float64(rng.IntN(56))
			default:
				row["resultValue"] = rng.IntN(101)
			}
			rows[ti] = row
		}
		saved = append(saved, ev.Results(rows...)...)
	}
	ev.Publish(saved...)
	return out
}
