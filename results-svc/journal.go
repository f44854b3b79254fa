package resultssvc

import (
	"context"
	"errors"
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

// raiseAttempts bounds how often a change is run again because a key it raised from none was
// not raised at competition-svc yet (count_feed.go): once for a first result, more only when
// other changes of the same key keep coming between the raise and the change.
const raiseAttempts = 4

// journaledChanges is journaled that also says which results the write itself changed (by id):
// those its history records, a rescore alone aside. A save of the same values changes none.
//
// A change that raises a key from none (a first result) is rolled back, the key raised at
// competition-svc with no lock or connection held, and the change run again (count_feed.go):
// nothing waits on another service while it holds the cells' locks, so writers queued on a
// cell never wait for a connection the holder needs.
func (s *service) journaledChanges(ctx context.Context, cells []store.Cell, scope store.Scope, who rescoring, write func(tx *store.Store) error) (_ map[string]bool, err error) {
	defer apperr.Wrap(&err, "resultssvc.journaledChanges()")
	actor := authn.Actor(ctx)
	rescorer := authn.SystemActor
	if who == rescoredByUser {
		rescorer = actor
	}
	var changed map[string]bool
	var touched []store.CountKey
	raised := raisedCounts{}
	for attempt := 1; ; attempt++ {
		var unraised []store.FeedCount
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
			rose, err := tx.SettleCounts(ctx, touched, false)
			if err != nil {
				return err
			}
			if unraised = raised.missing(rose); len(unraised) > 0 {
				return errRaiseFirst
			}
			return nil
		})
		if !errors.Is(err, errRaiseFirst) {
			break
		}
		if attempt == raiseAttempts {
			err = apperr.Unavailable("These results are being changed by others right now. Please try again.")
			break
		}
		if err = s.raiseFirst(ctx, raised, unraised); err != nil {
			break
		}
	}
	switch {
	case err != nil && len(raised) > 0:
		s.resendCounts(ctx, raised.keys())
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
