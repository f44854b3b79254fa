package resultssvc

import (
	"context"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/results-svc/store"
)

// Reads: the result grid, standings and counts. Reads never write (docs/architecture.md).

// eventCell checks an event id and an optional workout and division of it, and returns the
// event's structure with the ids in canonical form.
func (s *service) eventCell(ctx context.Context, eventID, workoutID, divisionID string) (st *structure, workout, division string, err error) {
	defer apperr.Wrap(&err, "resultssvc.eventCell(%q, %q, %q)", eventID, workoutID, divisionID)
	if eventID, err = parseID("eventId", "event", eventID); err != nil {
		return nil, "", "", err
	}
	if workoutID != "" {
		if workoutID, err = parseID("workoutId", "workout", workoutID); err != nil {
			return nil, "", "", err
		}
	}
	if divisionID != "" {
		if divisionID, err = parseID("divisionId", "division", divisionID); err != nil {
			return nil, "", "", err
		}
	}
	if st, err = s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID}); err != nil {
		return nil, "", "", err
	}
	return st, workoutID, divisionID, st.checkCell(workoutID, divisionID)
}

func (s *service) resultGrid(ctx context.Context, eventID, workoutID, divisionID string) (_ *resultsv1.ResultGrid, err error) {
	defer apperr.Wrap(&err, "resultssvc.resultGrid(%q, %q, %q)", eventID, workoutID, divisionID)
	st, workoutID, divisionID, err := s.eventCell(ctx, eventID, workoutID, divisionID)
	if err != nil {
		return nil, err
	}
	eventID = st.eventID
	briefs, err := s.store.ListEventBrief(ctx, eventID)
	if err != nil {
		return nil, err
	}
	grid := &resultsv1.ResultGrid{Rows: []*resultsv1.Result{}, Cells: matrixCells(st, briefs)}
	if workoutID == "" {
		return grid, nil
	}
	teams := st.allTeams
	if divisionID != "" {
		teams = st.divisionTeams[divisionID]
	}
	ids := make([]string, len(teams))
	for i, t := range teams {
		ids[i] = t.GetId()
	}
	var results []store.Result // a combined workout's part is placed with its other parts
	for _, c := range st.groupCells([]store.Cell{{WorkoutID: workoutID, DivisionID: divisionID}}) {
		rs, err := s.store.ListCell(ctx, c.WorkoutID, ids)
		if err != nil {
			return nil, err
		}
		results = append(results, rs...)
	}
	if err := scoreForDisplay(st, results); err != nil {
		return nil, err
	}
	grid.Rows = gridRows(teams, st.workouts[workoutID], results)
	return grid, nil
}

// scoreForDisplay gives results the places and points of the current structure. Stored
// scores follow a structure change (a workout's score type or cap, the scoring table, a team's
// division) through competition-svc's rescore outbox, moments later; the grid never shows the
// old ones meanwhile, and a read never writes.
func scoreForDisplay(st *structure, results []store.Result) error {
	fresh, err := scoreResults(st, results)
	if err != nil {
		return err
	}
	scores := make(map[string]store.Score, len(fresh))
	for _, sc := range fresh {
		scores[sc.ID] = sc
	}
	for i := range results {
		applyScore(&results[i], scores)
	}
	return nil
}

func eqInt32(a, b *int32) bool   { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
func eqFloat(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// eventStandings scores an event against given, its structure as the caller read it, or
// against the structure competition-svc answers when given is nil. The public board
// (publicBoard) of a frozen event gets the standings kept at the freeze (freeze.go).
func (s *service) eventStandings(ctx context.Context, eventID string, includeUnpublished, publicBoard bool, given *competitionv1.EventStructure) (_ *resultsv1.EventStandings, err error) {
	defer apperr.Wrap(&err, "resultssvc.eventStandings(%q)", eventID)
	eventID, err = parseID("eventId", "event", eventID)
	if err != nil {
		return nil, err
	}
	if publicBoard && !includeUnpublished {
		kept, frozen, err := s.frozenStandings(ctx, eventID)
		if err != nil || frozen {
			return kept, err
		}
	}
	var st *structure
	if given != nil {
		if given.GetEvent().GetId() != eventID {
			return nil, apperr.Invalid("structure", "Structure must be the event's")
		}
		st, err = newStructure(given)
	} else {
		st, err = s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	}
	if err != nil {
		return nil, err
	}
	if !includeUnpublished {
		// The public standings are the published values only: a pending change counts as its
		// published value until it is published (docs/result-invariants.md).
		return publicStandings(ctx, s.store, st)
	}
	results, err := s.store.ListEvent(ctx, eventID)
	if err != nil {
		return nil, err
	}
	return eventStandings(st, results)
}
