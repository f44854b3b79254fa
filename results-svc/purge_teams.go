package resultssvc

import (
	"context"
	"slices"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/results-svc/store"
)

// A deleted team's results and a team's move to another division touch the cells those
// results are in, not the event: they are rescored as a save rescores its cells (in the
// transaction in a division of at most cellScoredInSaveMax teams, by the cell scorer above
// that; cell_scores.go), so the cost follows the teams' results, not the event's
// (docs/boards.md, "Saves at any size").

// purgeTeams deletes the results of the deleted teams and rescores the cells they were in, and
// those of the moved teams' results in their old and new divisions. A team with no results
// costs one index read.
func (s *service) purgeTeams(ctx context.Context, eventID string, deleted, moved []string) (_ int, err error) {
	defer apperr.Wrap(&err, "resultssvc.purgeTeams(%q)", eventID)
	touched, err := s.store.ListTeamsResults(ctx, eventID, slices.Concat(deleted, moved))
	if err != nil || len(touched) == 0 {
		return 0, err
	}
	st, err := s.teamsStructure(ctx, eventID, touched)
	if err != nil {
		return 0, err
	}
	cells, teamIDs := teamCells(st, touched)
	var cw cellWrite
	scope := inResults(idsOf(touched)) // no cell left to rescore: the deleted rows alone
	if len(cells) > 0 {
		cw = newCellWrite(st, cells)
		scope = cw.scope(teamIDs)
		cells = cw.locks()
	}
	var n int
	err = s.journaled(ctx, cells, scope, rescoredBySystem, func(tx *store.Store) error {
		if len(deleted) > 0 {
			if n, err = tx.Purge(ctx, eventID, false, deleted, nil, nil); err != nil {
				return err
			}
		}
		if len(cells) == 0 {
			return nil
		}
		_, err = cw.score(ctx, tx)
		return err
	})
	if err != nil {
		return 0, err
	}
	s.log.InfoContext(ctx, "team results purged and rescored", "event", eventID, "deleted", n, "cells", len(cells))
	s.changed(ctx, eventID, cells, false)
	return n, nil
}

// teamsStructure is the event's structure as saves keep it (one number asked for while the event
// stands still), or nil when the event is gone: then nothing is rescored.
func (s *service) teamsStructure(ctx context.Context, eventID string, touched []store.Result) (_ *structure, err error) {
	defer apperr.Wrap(&err, "resultssvc.teamsStructure(%q)", eventID)
	st, err := s.saveStructure(ctx, touched[0].WorkoutID)
	if isNotFound(err) { // that workout went: another of the event's may not have
		st, err = s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	}
	if isNotFound(err) {
		return nil, nil
	}
	return st, err
}

// teamCells are the cells the results are in: the division they were scored in and their
// team's division now, for the workouts the event still has; and the results' teams.
func teamCells(st *structure, results []store.Result) (cells []store.Cell, teamIDs []string) {
	if st == nil {
		return nil, nil
	}
	seen := map[store.Cell]bool{}
	add := func(c store.Cell) {
		if !seen[c] && st.workouts[c.WorkoutID] != nil && st.divisions[c.DivisionID] != nil {
			seen[c] = true
			cells = append(cells, c)
		}
	}
	for _, r := range results {
		teamIDs = append(teamIDs, r.TeamID)
		add(store.Cell{WorkoutID: r.WorkoutID, DivisionID: r.DivisionID})
		if team := st.teams[r.TeamID]; team != nil {
			add(store.Cell{WorkoutID: r.WorkoutID, DivisionID: team.GetDivisionId()})
		}
	}
	return cells, compactIDs(teamIDs)
}

func idsOf(results []store.Result) []string {
	ids := make([]string, len(results))
	for i, r := range results {
		ids[i] = r.ID
	}
	return ids
}
