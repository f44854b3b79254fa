package setup

import (
	"context"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/store"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/resulttext"
)

// The rules a workout's results depend on (docs/result-invariants.md). Both run inside the
// transaction that holds the event's lock, so two edits cannot pass them together.

// checkWorkoutOrder refuses an order that another workout of the event has, and any change of
// an existing workout's order once the event has results: the matrix columns and the public
// leaderboards follow the order. self is the zero Workout for a new workout; order is the
// order asked for (nil: the next free one is assigned, which is always free).
func (s *service) checkWorkoutOrder(ctx context.Context, tx *store.Store, eventID string, self store.Workout, order *int32) (err error) {
	defer apperr.Wrap(&err, "setup.checkWorkoutOrder(%q)", eventID)
	if order == nil || self.ID != "" && self.WorkoutOrder != nil && *self.WorkoutOrder == *order {
		return nil
	}
	workouts, err := tx.ListWorkoutsByOrder(ctx, eventID)
	if err != nil {
		return err
	}
	if self.ID != "" {
		ids := make([]string, len(workouts))
		for i, w := range workouts {
			ids[i] = w.ID
		}
		counts, err := s.resultsByWorkout(ctx, tx, ids)
		if err != nil {
			return err
		}
		for _, n := range counts {
			if n > 0 {
				return apperr.ConflictField("workoutOrder", msgWorkoutOrderFrozen)
			}
		}
	}
	for _, w := range workouts {
		if w.ID != self.ID && w.WorkoutOrder != nil && *w.WorkoutOrder == *order {
			return apperr.ConflictField("workoutOrder", fmt.Sprintf(msgWorkoutOrderTaken, *order, w.Name))
		}
	}
	return nil
}

// checkCapAboveResults refuses a TIME cap below a completed time already entered for the
// workout: no completed time is above the cap (docs/result-invariants.md). It asks
// results-svc only when the cap goes down or comes with the TIME score type.
func (s *service) checkCapAboveResults(ctx context.Context, tx *store.Store, current store.Workout, scoreType typesv1.ScoreType, capSeconds *int32) (err error) {
	defer apperr.Wrap(&err, "setup.checkCapAboveResults()")
	if scoreType != typesv1.ScoreType_TIME || capSeconds == nil {
		return nil
	}
	if current.ScoreType == typesv1.ScoreType_TIME && current.TimeCapSeconds != nil && *capSeconds >= *current.TimeCapSeconds {
		return nil
	}
	results, err := s.Results.ListEventResults(ctx, &resultsv1.EventResultsRequest{EventId: current.EventID})
	if err != nil {
		return s.CountErr(err)
	}
	over := map[string]float64{}
	for _, r := range results.GetResults() {
		if r.GetWorkoutId() == current.ID && r.GetStatus() == typesv1.ResultStatus_completed.String() && r.GetResultValue() != nil &&
			r.GetResultValue().GetValue() > float64(*capSeconds) {
			over[r.GetTeamId()] = r.GetResultValue().GetValue()
		}
	}
	if len(over) == 0 {
		return nil
	}
	teams, err := tx.ListEventTeams(ctx, current.EventID)
	if err != nil {
		return err
	}
	var named []string
	for _, t := range teams { // natural name order
		if v, ok := over[t.ID]; ok {
			named = append(named, fmt.Sprintf("%s (%s)", t.Name, resulttext.Time(v)))
		}
	}
	return apperr.ConflictField("timeCapSeconds", fmt.Sprintf(msgTimeCapBelowResults, listNames(named)))
}
