package competitionsvc

import (
	"context"
	"errors"
	"fmt"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/podium-dev/podium/competition-svc/store"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Result counts from results-svc: what the console shows beside teams and workouts, and what
// decides whether a part of the event is locked.

func (s *service) countErr(err error) error {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return err
	}
	switch status.Code(err) {
	case codes.Unavailable, codes.DeadlineExceeded:
		return apperr.Unavailable("The results service is unavailable right now, so result counts cannot be shown. Please try again shortly.")
	}
	return fmt.Errorf("results-svc CountResults: %v", err) //nolint:errorlint // %v: never pass the other service's status through
}

// teamCounts asks results-svc once for the published results and all results of teams.
func (s *service) teamCounts(ctx context.Context, teamIDs []string) (_ *resultsv1.CountResultsResponse, err error) {
	defer apperr.Wrap(&err, "competitionsvc.teamCounts()")
	if len(teamIDs) == 0 {
		return &resultsv1.CountResultsResponse{}, nil
	}
	resp, err := s.results.CountResults(ctx, &resultsv1.CountResultsRequest{TeamIds: teamIDs})
	if err != nil {
		return nil, s.countErr(err)
	}
	return resp, nil
}

// resultsByWorkout asks results-svc once for the results (published or not) of workouts.
func (s *service) resultsByWorkout(ctx context.Context, workoutIDs []string) (_ map[string]int32, err error) {
	defer apperr.Wrap(&err, "competitionsvc.resultsByWorkout()")
	if len(workoutIDs) == 0 {
		return map[string]int32{}, nil
	}
	resp, err := s.results.CountResults(ctx, &resultsv1.CountResultsRequest{WorkoutIds: workoutIDs})
	if err != nil {
		return nil, s.countErr(err)
	}
	return resp.GetResultsByWorkout(), nil
}

func (s *service) teamViews(ctx context.Context, teams []store.Team, strict countsStrictness) (_ []TeamView, err error) {
	defer apperr.Wrap(&err, "competitionsvc.teamViews()")
	out := make([]TeamView, len(teams))
	ids := make([]string, len(teams))
	for i, t := range teams {
		out[i] = TeamView{Team: t}
		ids[i] = t.ID
	}
	if strict == countsSkipped {
		return out, nil
	}
	counts, err := s.teamCounts(ctx, ids)
	if err != nil {
		if strict == countsRequired {
			return nil, err
		}
		s.log.Warn("team result counts unavailable", "err", err)
	}
	for i := range out {
		out[i].FinalResultsCount = counts.GetPublishedByTeam()[out[i].ID]
		out[i].ResultsCount = counts.GetResultsByTeam()[out[i].ID]
	}
	return out, nil
}

func (s *service) workoutViews(ctx context.Context, workouts []store.Workout, strict countsStrictness) (_ []WorkoutView, err error) {
	defer apperr.Wrap(&err, "competitionsvc.workoutViews()")
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
		s.log.Warn("workout result counts unavailable", "err", err)
	}
	for i := range out {
		out[i].HasResults = counts[out[i].ID] > 0
	}
	return out, nil
}
