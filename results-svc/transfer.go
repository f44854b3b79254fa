package resultssvc

import (
	"context"
	"fmt"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/results-svc/store"
)

// Moving an event between installations: competition-svc exports an event's setup with the
// results listed here, and imports a document by creating the setup, then handing its results
// to ImportResults.

// eventResults is every result of an event, drafts included, as stored.
func (s *service) eventResults(ctx context.Context, eventID string) (_ *resultsv1.EventResults, err error) {
	defer apperr.Wrap(&err, "resultssvc.eventResults(%q)", eventID)
	eventID, err = parseID("eventId", "event", eventID)
	if err != nil {
		return nil, err
	}
	results, err := s.store.ListEvent(ctx, eventID)
	if err != nil {
		return nil, err
	}
	out := &resultsv1.EventResults{Results: make([]*resultsv1.StoredResult, len(results))}
	for i, r := range results {
		out.Results[i] = &resultsv1.StoredResult{
			TeamId: r.TeamID, WorkoutId: r.WorkoutID, Status: r.Status.String(),
			ResultValue: doubleOrNil(r.Value), CappedReps: int32OrNil(r.CappedReps),
			TiebreakValue: doubleOrNil(r.Tiebreak), IsPublished: r.IsPublished,
			Scaled: r.Scaled, Penalty: penaltyPB(r.Penalty),
		}
	}
	return out, nil
}

// importResults writes the results of a newly imported event, with the validation of the
// result grid, publishes those that were published, and scores them, all in one transaction.
// A refused import writes nothing.
func (s *service) importResults(ctx context.Context, eventID string, results []*resultsv1.StoredResult) (_ *resultsv1.ImportResultsResponse, err error) {
	defer apperr.Wrap(&err, "resultssvc.importResults(%q)", eventID)
	eventID, err = parseID("eventId", "event", eventID)
	if err != nil {
		return nil, err
	}
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	if err != nil {
		return nil, err
	}
	ins := make([]store.Input, len(results))
	published := map[[2]string]bool{}
	seen := map[[2]string]bool{}
	for i, r := range results {
		field := fmt.Sprintf("results[%d].", i)
		in, err := resolve(st, r.GetTeamId(), r.GetWorkoutId(),
			fieldsOf(r), field)
		if err != nil {
			return nil, err
		}
		k := [2]string{in.TeamID, in.WorkoutID}
		if seen[k] {
			return nil, apperr.Invalid(field+"teamId", fmt.Sprintf("Team %q has more than one result for workout %q",
				st.teams[in.TeamID].GetName(), st.workouts[in.WorkoutID].GetName()))
		}
		seen[k], published[k] = true, r.GetIsPublished()
		ins[i] = in
	}
	if len(ins) == 0 {
		return &resultsv1.ImportResultsResponse{}, nil
	}
	public := false // whether a published result changes: then the streams hear of it
	cells := st.allCells()
	err = s.journaled(ctx, cells, inEvent(eventID), rescoredBySystem, func(tx *store.Store) error {
		saved, err := tx.Upsert(ctx, ins)
		if err != nil {
			return err
		}
		var publish []string
		for _, r := range saved {
			public = public || r.IsPublished
			if published[[2]string{r.TeamID, r.WorkoutID}] {
				publish = append(publish, r.ID)
			}
		}
		if len(publish) > 0 {
			public = true
			if _, err := tx.SetPublished(ctx, publish, store.Publish, s.now()); err != nil {
				return err
			}
		}
		_, err = rescore(ctx, tx, st, cells)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.changed(ctx, eventID, nil, public)
	return &resultsv1.ImportResultsResponse{ImportedCount: int32(len(ins))}, nil
}
