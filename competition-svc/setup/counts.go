package setup

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/store"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Result counts from results-svc: what the console shows beside teams and workouts, and what
// decides whether a part of the event is locked.

// resultsByWorkout asks results-svc once for the results (published or not) of workouts.
func (s *service) resultsByWorkout(ctx context.Context, workoutIDs []string) (_ map[string]int32, err error) {
	defer apperr.Wrap(&err, "setup.resultsByWorkout()")
	if len(workoutIDs) == 0 {
		return map[string]int32{}, nil
	}
	resp, err := s.Results.CountResults(ctx, &resultsv1.CountResultsRequest{WorkoutIds: workoutIDs})
	if err != nil {
		return nil, s.CountErr(err)
	}
	return resp.GetResultsByWorkout(), nil
}

func (s *service) teamViews(ctx context.Context, teams []store.Team, strict countsStrictness) (_ []TeamView, err error) {
	defer apperr.Wrap(&err, "setup.teamViews()")
	out := make([]TeamView, len(teams))
	ids := make([]string, len(teams))
	for i, t := range teams {
		out[i] = TeamView{Team: t}
		ids[i] = t.ID
	}
	if strict == countsSkipped {
		return out, nil
	}
	counts, err := s.TeamCounts(ctx, ids)
	if err != nil {
		if strict == countsRequired {
			return nil, err
		}
		s.Log.Warn("team result counts unavailable", "err", err)
	}
	for i := range out {
		out[i].FinalResultsCount = counts.GetPublishedByTeam()[out[i].ID]
		out[i].ResultsCount = counts.GetResultsByTeam()[out[i].ID]
	}
	return out, nil
}

func (s *service) workoutViews(ctx context.Context, workouts []store.Workout, strict countsStrictness) (_ []WorkoutView, err error) {
	defer apperr.Wrap(&err, "setup.workoutViews()")
	out := make([]WorkoutView, len(workouts))
	ids := make([]string, len(workouts))
	for i, w := range workouts {
		out[i] = WorkoutView{Workout: w}
		ids[i] = w.ID
	}
	if strict == countsSkipped {
		return out, nil
	}
	counts, err := s.resultsByWorkout(ctx, ids)
	if err != nil {
		if strict == countsRequired {
			return nil, err
		}
		s.Log.Warn("workout result counts unavailable", "err", err)
	}
	for i := range out {
		out[i].HasResults = counts[out[i].ID] > 0
	}
	return out, nil
}
