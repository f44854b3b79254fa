package setup

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Result counts as results-svc records them here (store.ResultCount; docs/architecture.md,
// "Calls between services"): what the console shows beside teams and workouts, and what
// decides whether a part of the event is locked.

// resultsByWorkout reads the results (published or not) of workouts from db: the service's
// store, or a transaction that locked the workouts' rows.
func (s *service) resultsByWorkout(ctx context.Context, db *store.Store, workoutIDs []string) (_ map[string]int32, err error) {
	defer apperr.Wrap(&err, "setup.resultsByWorkout()")
	counts, err := db.WorkoutResultCounts(ctx, workoutIDs)
	if err != nil {
		return nil, err
	}
	return counts.Results, nil
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
	counts, err := s.TeamCounts(ctx, s.Store, ids)
	if err != nil {
		if strict == countsRequired {
			return nil, err
		}
		s.Log.Warn("team result counts unavailable", "err", err)
	}
	for i := range out {
		out[i].FinalResultsCount = counts.Published[out[i].ID]
		out[i].ResultsCount = counts.Results[out[i].ID]
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
	counts, err := s.resultsByWorkout(ctx, s.Store, ids)
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
