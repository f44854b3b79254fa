package setup

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// The result counts results-svc records here (docs/architecture.md, "Calls between
// services"): a raise holds the rows of the workouts and teams it counts FOR SHARE while it
// records, so a delete or move (which holds them FOR UPDATE and reads the counts) either sees
// the raise or makes it fail, and the result behind it is not saved.

// Messages of a refused raise: results-svc refuses the save with them.
const (
	msgCountedWorkoutGone = "This workout was deleted meanwhile: the result was not saved."
	msgCountedTeamGone    = "This team was deleted meanwhile: the result was not saved."
	msgCountedTeamMoved   = "This team was moved to another division meanwhile: the result was not saved. Reload and enter it again."
)

// RecordResultCounts writes counts newer than those recorded. A raise is refused whole when
// a workout or team it counts is gone or moved; the feed's counts of a gone key are dropped.
func (s *service) RecordResultCounts(ctx context.Context, counts []store.ResultCount, raise bool) (err error) {
	defer apperr.Wrap(&err, "setup.RecordResultCounts()")
	for i := range counts {
		c := &counts[i]
		var ok bool
		switch {
		case c.WorkoutID != "" && c.TeamID == "":
			c.WorkoutID, ok = ids.Canonical(c.WorkoutID)
		case c.TeamID != "" && c.WorkoutID == "":
			c.TeamID, ok = ids.Canonical(c.TeamID)
			if ok && c.DivisionID != "" {
				c.DivisionID, ok = ids.Canonical(c.DivisionID)
			}
		}
		if !ok || c.Results < 0 || c.Published < 0 {
			return apperr.Invalid("counts", "must each name one workout or team id, with counts of 0 or more")
		}
	}
	return s.Store.InTx(ctx, func(tx *store.Store) error {
		gone, err := tx.LockCountedRows(ctx, counts)
		if err != nil {
			return err
		}
		if raise {
			switch {
			case len(gone.Workouts) > 0:
				return apperr.NotFound(msgCountedWorkoutGone)
			case len(gone.Teams) > 0:
				return apperr.NotFound(msgCountedTeamGone)
			case len(gone.Moved) > 0:
				return apperr.Conflict(msgCountedTeamMoved)
			}
		}
		// A moved team's feed count is still its count: only a raise is refused for it.
		skip := map[string]bool{}
		for _, id := range append(gone.Workouts, gone.Teams...) {
			skip[id] = true
		}
		kept := counts[:0:0]
		for _, c := range counts {
			if !skip[c.WorkoutID+c.TeamID] {
				kept = append(kept, c)
			}
		}
		return tx.RecordResultCounts(ctx, kept)
	})
}
