package resultssvc

import (
	"context"
	"fmt"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/results-svc/store"
)

// Result entry: create, update, batch save and delete, each rescoring its cells in the same
// transaction (or, in a division above cellScoredInSaveMax teams, marking them for the cell
// scorer: cell_scores.go) and journaling its history (journal.go).

// resolve finds the team and workout of an input in the event and validates its values.
func resolve(st *structure, teamID, workoutID string, f resultFields, field string) (store.Input, error) {
	w := st.workouts[workoutID]
	if w == nil {
		return store.Input{}, apperr.Invalid(field+"workoutId", "Workout not found in this event")
	}
	if err := refuseHeader(w, field); err != nil {
		return store.Input{}, err
	}
	team := st.teams[teamID]
	if team == nil {
		return store.Input{}, apperr.Invalid(field+"teamId",
			fmt.Sprintf("Team %s is not part of the event of workout %q: team and workout must belong to the same event", teamID, w.GetName()))
	}
	in, err := validateResult(team, w, f, field)
	in.EventID = st.eventID
	return in, err
}

func (s *service) createResult(ctx context.Context, teamID, workoutID string, f resultFields) (_ *resultsv1.Result, err error) {
	defer apperr.Wrap(&err, "resultssvc.createResult(%q, %q)", teamID, workoutID)
	teamID, err = parseID("teamId", "team", teamID)
	if err != nil {
		return nil, err
	}
	workoutID, err = parseID("workoutId", "workout", workoutID)
	if err != nil {
		return nil, err
	}
	st, err := s.saveStructure(ctx, workoutID)
	if err != nil {
		return nil, err
	}
	in, err := resolve(st, teamID, workoutID, f, "")
	if err != nil {
		return nil, err
	}
	var r store.Result
	cell := store.Cell{WorkoutID: in.WorkoutID, DivisionID: in.DivisionID}
	cw := newCellWrite(st, []store.Cell{cell})
	err = s.journaled(ctx, cw.locks(), cw.scope([]string{teamID}), rescoredBySystem, func(tx *store.Store) error {
		var ok bool
		r, ok, err = tx.Insert(ctx, in)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Conflict(fmt.Sprintf("Team %q already has a result in workout %q. Edit that result instead.",
				st.teams[teamID].GetName(), st.workouts[workoutID].GetName()))
		}
		scores, err := cw.score(ctx, tx)
		applyScore(&r, scores)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.changed(ctx, st.eventID, nil, false)
	return resultPB(&r, st.teams[r.TeamID], st.workouts[r.WorkoutID]), nil
}

func (s *service) updateResult(ctx context.Context, id string, f resultFields) (_ *resultsv1.Result, err error) {
	defer apperr.Wrap(&err, "resultssvc.updateResult(%q)", id)
	id, err = parseID("id", "result", id)
	if err != nil {
		return nil, err
	}
	old, err := s.store.Get(ctx, id)
	if err != nil {
		return nil, notFound(err, "Result not found")
	}
	st, err := s.saveStructure(ctx, old.WorkoutID)
	if err != nil {
		return nil, err
	}
	in, err := resolve(st, old.TeamID, old.WorkoutID, f, "")
	if err != nil {
		return nil, err
	}
	var r store.Result
	cells := []store.Cell{{WorkoutID: in.WorkoutID, DivisionID: in.DivisionID}}
	if old.DivisionID != in.DivisionID { // the team moved: its old cell changes too
		cells = append(cells, store.Cell{WorkoutID: old.WorkoutID, DivisionID: old.DivisionID})
	}
	cw := newCellWrite(st, cells)
	err = s.journaled(ctx, cw.locks(), cw.scope([]string{old.TeamID}), rescoredBySystem, func(tx *store.Store) error {
		r, err = tx.Update(ctx, id, in)
		if err != nil {
			return notFound(err, "Result not found")
		}
		scores, err := cw.score(ctx, tx)
		applyScore(&r, scores)
		return err
	})
	if err != nil {
		return nil, err
	}
	// A published result's change is pending: the public sees nothing new.
	s.changed(ctx, st.eventID, nil, false)
	return resultPB(&r, st.teams[r.TeamID], st.workouts[r.WorkoutID]), nil
}

// rawInput is one row of a batch as the client sent it.
type rawInput struct {
	TeamID, WorkoutID string
	resultFields
}

// batchSave is the grid's save; unchanged are the ids of saved results it left as they were.
func (s *service) batchSave(ctx context.Context, rows []rawInput, publish bool) (_ []*resultsv1.Result, unchanged []string, err error) {
	defer apperr.Wrap(&err, "resultssvc.batchSave()")
	if len(rows) == 0 {
		return []*resultsv1.Result{}, nil, nil
	}
	if len(rows) > maxBatch {
		return nil, nil, apperr.Invalid("results", fmt.Sprintf("A batch can hold at most %d results", maxBatch))
	}
	fieldOf := func(i int) string { return fmt.Sprintf("results[%d].", i) }
	for i := range rows {
		if rows[i].TeamID, err = parseID(fieldOf(i)+"teamId", "team", rows[i].TeamID); err != nil {
			return nil, nil, err
		}
		if rows[i].WorkoutID, err = parseID(fieldOf(i)+"workoutId", "workout", rows[i].WorkoutID); err != nil {
			return nil, nil, err
		}
	}
	return s.saveRows(ctx, rows, fieldOf, publish, nil)
}

// saveGuard lets a caller of saveRows act inside its transaction: a judge's lane result
// claims its client id there and refuses to overwrite a value the judge never saw (judge.go).
type saveGuard struct {
	// before runs once the cells are locked, before anything is written.
	before func(ctx context.Context, tx *store.Store, ins []store.Input) error
	// after runs with the answers, before the transaction commits.
	after func(ctx context.Context, tx *store.Store, out []*resultsv1.Result) error
}

// saveRows validates rows (their ids parsed already) against the event of the first row's
// workout and upserts them in one transaction: the grid's batch save and a judge's lane
// result (heats.go) alike. fieldOf(i) prefixes the fields a message names for row i. With
// publish (organisers and admins only, official.go) the saved rows are published in the same
// transaction; without it a change of a published result is pending. unchanged are the ids of
// the saved results the save left as they were (the same values again: no history entry).
// guard, when given, acts inside the transaction.
func (s *service) saveRows(ctx context.Context, rows []rawInput, fieldOf func(int) string, publish bool, guard *saveGuard) (out []*resultsv1.Result, unchanged []string, err error) {
	defer apperr.Wrap(&err, "resultssvc.saveRows()")
	st, err := s.saveStructure(ctx, rows[0].WorkoutID)
	if err != nil {
		return nil, nil, err
	}
	return s.saveRowsIn(ctx, st, rows, fieldOf, publish, guard)
}

// saveRowsIn is saveRows in the structure of the first row's event, read already by the
// caller: the whole structure is a call to competition-svc, on a judge's every save.
func (s *service) saveRowsIn(ctx context.Context, st *structure, rows []rawInput, fieldOf func(int) string, publish bool, guard *saveGuard) (out []*resultsv1.Result, unchanged []string, err error) {
	defer apperr.Wrap(&err, "resultssvc.saveRowsIn()")
	if publish {
		may, err := s.mayPublish(ctx, st.eventID)
		if err != nil {
			return nil, nil, err
		}
		if err := refuseUnless(may, msgSaveAndPublishScore); err != nil {
			return nil, nil, err
		}
	}
	ins := make([]store.Input, len(rows))
	seen := make(map[[2]string]bool, len(rows))
	var cells []store.Cell
	seenCell := map[store.Cell]bool{}
	for i, row := range rows {
		field := fieldOf(i)
		in, err := resolve(st, row.TeamID, row.WorkoutID, row.resultFields, field)
		if err != nil {
			return nil, nil, err
		}
		k := [2]string{in.TeamID, in.WorkoutID}
		if seen[k] {
			return nil, nil, apperr.Invalid(field+"teamId", fmt.Sprintf("Team %q appears more than once for workout %q in this batch",
				st.teams[in.TeamID].GetName(), st.workouts[in.WorkoutID].GetName()))
		}
		seen[k] = true
		ins[i] = in
		c := store.Cell{WorkoutID: in.WorkoutID, DivisionID: in.DivisionID}
		if !seenCell[c] {
			seenCell[c] = true
			cells = append(cells, c)
		}
	}
	teamIDs := make([]string, len(ins))
	for i, in := range ins {
		teamIDs[i] = in.TeamID
	}
	cw := newCellWrite(st, cells)
	var saved []store.Result
	changed, err := s.journaledChanges(ctx, cw.locks(), cw.scope(teamIDs), rescoredBySystem, func(tx *store.Store) error {
		if guard != nil {
			if err := guard.before(ctx, tx, ins); err != nil {
				return err
			}
		}
		if err := keepPenalties(ctx, tx, st, rows, ins); err != nil {
			return err
		}
		saved, err = tx.Upsert(ctx, ins)
		if err != nil {
			return err
		}
		scores, err := cw.score(ctx, tx)
		if err != nil {
			return err
		}
		for i := range saved {
			applyScore(&saved[i], scores)
		}
		if publish {
			if err := publishSaved(ctx, tx, saved, s.now()); err != nil {
				return err
			}
		}
		out = make([]*resultsv1.Result, len(saved))
		for i := range saved {
			out[i] = resultPB(&saved[i], st.teams[saved[i].TeamID], st.workouts[saved[i].WorkoutID])
		}
		if guard != nil {
			return guard.after(ctx, tx, out)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	// Without publication what the public sees did not change (a published result's change is
	// pending), unless the event's board shows submitted scores at once (docs/qualifiers.md).
	s.changed(ctx, st.eventID, cells, publish || st.showsUnreviewed())
	for i := range saved {
		if !changed[saved[i].ID] {
			unchanged = append(unchanged, saved[i].ID)
		}
	}
	return out, unchanged, nil
}

// keepPenalties gives the rows whose sender enters no penalty (a judge's lane result) the
// penalty stored on the team's result, and those whose sender does not say Scaled (an online
// submission and its review) the stored flag, read under the cells' locks.
func keepPenalties(ctx context.Context, tx *store.Store, st *structure, rows []rawInput, ins []store.Input) error {
	for i := range rows {
		if !rows[i].KeepPenalty && !rows[i].KeepScaled {
			continue
		}
		stored, err := tx.ListCell(ctx, ins[i].WorkoutID, []string{ins[i].TeamID})
		if err != nil || len(stored) == 0 {
			return err
		}
		if rows[i].KeepScaled {
			ins[i].Scaled = stored[0].Scaled
		}
		if !rows[i].KeepPenalty {
			continue
		}
		ins[i].Penalty, err = keptPenalty(st.workouts[ins[i].WorkoutID], st.teams[ins[i].TeamID].GetName(), ins[i], stored[0].Penalty)
		if err != nil {
			return err
		}
	}
	return nil
}

func (s *service) deleteResult(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "resultssvc.deleteResult(%q)", id)
	id, err = parseID("id", "result", id)
	if err != nil {
		return err
	}
	old, err := s.store.Get(ctx, id)
	if err != nil {
		return notFound(err, "Result not found")
	}
	// The structure saves keep: one number asked for while the event stands still, not its
	// every team (docs/boards.md, "Saves at any size").
	st, err := s.saveStructure(ctx, old.WorkoutID)
	if isNotFound(err) {
		st, err = nil, nil // the workout is gone: nothing left to rescore
	}
	if err != nil {
		return err
	}
	cells := []store.Cell{{WorkoutID: old.WorkoutID, DivisionID: old.DivisionID}}
	if st != nil {
		if team := st.teams[old.TeamID]; team != nil && team.GetDivisionId() != old.DivisionID {
			cells = append(cells, store.Cell{WorkoutID: old.WorkoutID, DivisionID: team.GetDivisionId()})
		}
	}
	scope := inWorkouts([]string{old.WorkoutID}) // the workout is gone: no cells to narrow it to
	var cw cellWrite
	if st != nil {
		cw = newCellWrite(st, cells)
		scope = cw.scope([]string{old.TeamID})
		cells = cw.locks() // a combined workout's parts are locked and rescored together
	}
	may, err := s.mayPublish(ctx, old.EventID)
	if err != nil {
		return err
	}
	err = s.journaled(ctx, cells, scope, rescoredBySystem, func(tx *store.Store) error {
		gone, err := tx.Delete(ctx, id)
		if err != nil {
			return notFound(err, "Result not found")
		}
		// Checked on the row deleted, under its cell's lock: a publication a moment ago counts.
		if err := refuseUnless(may || !gone.Visible(), msgDeletePublished); err != nil {
			return err
		}
		if st == nil {
			return nil
		}
		_, err = cw.score(ctx, tx)
		return err
	})
	if err != nil {
		return err
	}
	s.changed(ctx, old.EventID, cells, old.Visible())
	return nil
}

func (s *service) deleteResults(ctx context.Context, eventID, workoutID, divisionID string) (_ int, err error) {
	defer apperr.Wrap(&err, "resultssvc.deleteResults(%q, %q, %q)", eventID, workoutID, divisionID)
	eventID, err = parseID("eventId", "event", eventID)
	if err != nil {
		return 0, err
	}
	if workoutID == "" {
		return 0, apperr.Invalid("workoutId", "Workout is required")
	}
	if divisionID == "" {
		return 0, apperr.Invalid("divisionId", "Division is required")
	}
	if workoutID, err = parseID("workoutId", "workout", workoutID); err != nil {
		return 0, err
	}
	if divisionID, err = parseID("divisionId", "division", divisionID); err != nil {
		return 0, err
	}
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	if err != nil {
		return 0, err
	}
	if err := st.checkCell(workoutID, divisionID); err != nil {
		return 0, err
	}
	may, err := s.mayPublish(ctx, eventID)
	if err != nil {
		return 0, err
	}
	cell := store.Cell{WorkoutID: workoutID, DivisionID: divisionID}
	var n, published int
	err = s.journaled(ctx, st.groupCells([]store.Cell{cell}), inCells(st, []store.Cell{cell}), rescoredBySystem, func(tx *store.Store) error {
		n, published, err = tx.DeleteCell(ctx, eventID, workoutID, st.teamIDs(divisionID))
		if err != nil {
			return err
		}
		// All or nothing: one result the public sees keeps every result of the cell.
		return refuseUnless(may || published == 0, msgDeleteAllPublished)
	})
	if err != nil {
		return 0, err
	}
	if n > 0 || published > 0 {
		s.changed(ctx, eventID, []store.Cell{cell}, published > 0)
	}
	return n, nil
}

// checkCell reports a workout or division that is not in the event.
func (st *structure) checkCell(workoutID, divisionID string) error {
	if workoutID != "" && st.workouts[workoutID] == nil {
		return apperr.NotFound("Workout not found in this event")
	}
	if divisionID != "" && st.divisions[divisionID] == nil {
		return apperr.NotFound("Division not found in this event")
	}
	return nil
}

// recalculateEvent recomputes every admin place and points of an event from the raw
// results, in one transaction holding every cell lock of the event.
func (s *service) recalculateEvent(ctx context.Context, eventID string) (_ int, err error) {
	defer apperr.Wrap(&err, "resultssvc.recalculateEvent(%q)", eventID)
	eventID, err = parseID("eventId", "event", eventID)
	if err != nil {
		return 0, err
	}
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	if err != nil {
		return 0, err
	}
	n, err := s.recalculate(ctx, st)
	if err != nil {
		return 0, err
	}
	s.changed(ctx, eventID, nil, false)
	return n, nil
}

// recalculate is recalculateEvent after the structure is known; it returns the number of
// results of the event.
func (s *service) recalculate(ctx context.Context, st *structure) (_ int, err error) {
	defer apperr.Wrap(&err, "resultssvc.recalculate()")
	var n int
	err = s.journaled(ctx, st.allCells(), inEvent(st.eventID), rescoredByUser, func(tx *store.Store) error {
		results, err := tx.ListEvent(ctx, st.eventID)
		if err != nil {
			return err
		}
		n = len(results)
		scores, err := scoreResults(st, results)
		if err != nil {
			return err
		}
		changed, err := tx.SetScores(ctx, scores)
		if err == nil {
			s.log.InfoContext(ctx, "scores recalculated", "event", st.eventID, "results", n, "changed", changed)
		}
		return err
	})
	return n, err
}
