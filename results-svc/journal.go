package resultssvc

import (
	"context"
	"slices"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/results-svc/store"
)

// Every write to results keeps a history: the results its write can touch (its scope) are read
// before the change, and compared with what is there after it, in the same transaction; one
// entry per result that changed records who did what (store.RecordChanges). A write that fails
// or is rolled back records nothing.

// rescoring says who a change of score or rank alone is attributed to.
type rescoring int

const (
	rescoredBySystem rescoring = iota // the side effect of another change
	rescoredByUser                    // an explicit recalculation
)

// journaled runs write in a transaction: it takes the locks of cells and reads the scope in
// one round trip, then records every change write makes to the results in scope and settles
// the result counts it moved (count_feed.go).
func (s *service) journaled(ctx context.Context, cells []store.Cell, scope store.Scope, who rescoring, write func(tx *store.Store) error) (err error) {
	defer apperr.Wrap(&err, "resultssvc.journaled()")
	_, err = s.journaledChanges(ctx, cells, scope, who, write)
	return err
}

// journaledChanges is journaled that also says which results the write itself changed (by id):
// those its history records, a rescore alone aside. A save of the same values changes none.
func (s *service) journaledChanges(ctx context.Context, cells []store.Cell, scope store.Scope, who rescoring, write func(tx *store.Store) error) (_ map[string]bool, err error) {
	defer apperr.Wrap(&err, "resultssvc.journaledChanges()")
	actor := authn.Actor(ctx)
	rescorer := authn.SystemActor
	if who == rescoredByUser {
		rescorer = actor
	}
	var changed map[string]bool
	var touched, raised []store.CountKey
	leave := s.cellGate.enter(cells)
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		before, err := tx.LockAndReadBefore(ctx, cells, scope)
		if err != nil {
			return err
		}
		if err := write(tx); err != nil {
			return err
		}
		if changed, touched, err = tx.RecordChanges(ctx, scope, before, actor, rescorer); err != nil {
			return err
		}
		// Last, holding the cells' locks: a first result is raised at competition-svc before
		// it commits (count_feed.go).
		raised, err = s.settleCounts(ctx, tx, touched)
		return err
	})
	leave()
	switch {
	case err != nil && len(raised) > 0:
		s.resendCounts(ctx, raised)
	case err == nil && len(touched) > 0:
		s.deliverAfter(ctx)
	}
	return changed, err
}

// inCells scopes a journal to the results of some cells: stored under the cell's division, or
// of a team that is in it now; with a combined workout's other parts, rescored with them.
func inCells(st *structure, cells []store.Cell) store.Scope {
	var sc store.Scope
	for _, c := range st.groupCells(cells) {
		sc.WorkoutIDs = append(sc.WorkoutIDs, c.WorkoutID)
		sc.DivisionIDs = append(sc.DivisionIDs, c.DivisionID)
		sc.TeamIDs = append(sc.TeamIDs, st.teamIDs(c.DivisionID)...)
	}
	sc.WorkoutIDs, sc.DivisionIDs, sc.TeamIDs = compactIDs(sc.WorkoutIDs), compactIDs(sc.DivisionIDs), compactIDs(sc.TeamIDs)
	return sc
}

// inWorkouts scopes a journal to every result of some workouts.
func inWorkouts(workoutIDs []string) store.Scope {
	return store.Scope{WorkoutIDs: compactIDs(workoutIDs)}
}

// inResults scopes a journal to some results (a change that cannot touch others: publication).
func inResults(ids []string) store.Scope { return store.Scope{ResultIDs: ids} }

// inEvent scopes a journal to every result of an event.
func inEvent(eventID string) store.Scope { return store.Scope{EventID: eventID} }

func compactIDs(ids []string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}
