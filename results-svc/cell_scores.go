package resultssvc

import (
	"context"
	"time"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/worker"
	"github.com/podium-dev/podium/results-svc/store"
)

// Cells scored apart (docs/boards.md, "Saves at any size"). A save rescores its workout ×
// division cell in its own transaction while the division holds at most cellScoredInSaveMax
// teams (every event the spec has in mind: its answers and history stay as they are). Above
// that a save writes and journals only its own rows and marks its cells due; the cell scorer
// places each due cell at most once per cellSpacing however many saves stream in, and writes
// only the rows whose place or points moved, so a save costs what it touches, not the cell.

const (
	// cellScoredInSaveMax is the largest division whose cells a save rescores itself.
	cellScoredInSaveMax = 1000
	// cellSpacing is the least time between two passes of the scorer over one cell.
	cellSpacing = time.Second
	// cellPoll is how often the scorer looks for cells due.
	cellPoll = 100 * time.Millisecond
	// cellChunk bounds the rows one write of the scorer holds the cell's lock for, so a save
	// waits for at most one chunk, not for the whole cell.
	cellChunk = 1000
)

// cellWrite is how one write scores the cells it touches.
type cellWrite struct {
	st    *structure
	cells []store.Cell
	// apart: a cell's division is above cellScoredInSaveMax; the write's cells are then all
	// left to the scorer.
	apart bool
}

func newCellWrite(st *structure, cells []store.Cell) cellWrite {
	w := cellWrite{st: st, cells: cells}
	for _, c := range cells {
		if len(st.divisionTeams[c.DivisionID]) > cellScoredInSaveMax {
			w.apart = true
		}
	}
	return w
}

// locks are the cells whose write locks the write takes (a combined workout's parts together).
func (w cellWrite) locks() []store.Cell { return w.st.groupCells(w.cells) }

// scope is what the write's history compares: the whole cells when it rescores them, the
// written teams' results in the cells' workouts when they are scored apart.
func (w cellWrite) scope(teamIDs []string) store.Scope {
	if !w.apart {
		return inCells(w.st, w.cells)
	}
	var workouts []string
	for _, c := range w.locks() {
		workouts = append(workouts, c.WorkoutID)
	}
	return store.Scope{WorkoutIDs: compactIDs(workouts), TeamIDs: compactIDs(teamIDs)}
}

// score rescores the cells inside tx, or marks them due for the scorer (no new scores).
func (w cellWrite) score(ctx context.Context, tx *store.Store) (map[string]store.Score, error) {
	if !w.apart {
		return rescore(ctx, tx, w.st, w.cells)
	}
	return nil, tx.MarkCellsDue(ctx, w.st.eventID, w.locks())
}

// runCellScores scores the cells due until ctx ends; several replicas may run it (a cell's
// pass takes a lock, the others pass it by).
func (s *service) runCellScores(ctx context.Context) {
	worker.Run(ctx, s.log, cellPoll, nil, "cell scores: reading the cells due", s.scoreDueCells)
}

// scoreDueCells scores the cells due now; a cell that fails is logged and stays due.
func (s *service) scoreDueCells(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "resultssvc.scoreDueCells()")
	due, err := s.store.DueCells(ctx, cellSpacing, 16)
	if err != nil {
		return err
	}
	for _, c := range due {
		if err := s.scoreCell(ctx, c); err != nil && ctx.Err() == nil {
			s.log.Warn("cell scores: scoring", "workout", c.WorkoutID, "division", c.DivisionID, "err", err)
		}
	}
	return nil
}

// scoreCell places one due cell and writes the rows whose place, points or division moved, in
// chunks each under the cell's write lock. Saves during the pass mark the cell again, so it is
// scored once more after them.
func (s *service) scoreCell(ctx context.Context, c store.DueCell) (err error) {
	defer apperr.Wrap(&err, "resultssvc.scoreCell(%q, %q)", c.WorkoutID, c.DivisionID)
	return s.store.InTx(ctx, func(lock *store.Store) error {
		if ok, err := lock.LockCellScoring(ctx, c.Cell); err != nil || !ok {
			return err
		}
		st, err := s.saveStructure(ctx, c.WorkoutID)
		if isNotFound(err) { // the workout is gone, and its results with it
			return lock.CellScored(ctx, c)
		}
		if err != nil {
			return err
		}
		scores, results, err := groupScores(ctx, s.store, st, c.Cell)
		if err != nil {
			return err
		}
		placed, moved := movedScores(results, scores)
		if err := s.writeScores(ctx, st, c.Cell, moved, false); err != nil {
			return err
		}
		if err := s.writeScores(ctx, st, c.Cell, placed, true); err != nil {
			return err
		}
		return lock.CellScored(ctx, c)
	})
}

// writeScores writes scores in chunks, each under the cell's write lock. scoresOnly: they
// change places and points alone, which no board shows, so they mark no board; a result
// brought to its team's new division does (the board reads results by division).
func (s *service) writeScores(ctx context.Context, st *structure, c store.Cell, scores []store.Score, scoresOnly bool) (err error) {
	defer apperr.Wrap(&err, "resultssvc.writeScores(%q, %q)", c.WorkoutID, c.DivisionID)
	for start := 0; start < len(scores); start += cellChunk {
		chunk := scores[start:min(len(scores), start+cellChunk)]
		if err := s.store.InTx(ctx, func(tx *store.Store) error {
			if err := tx.LockCells(ctx, st.groupCells([]store.Cell{c})); err != nil {
				return err
			}
			if scoresOnly {
				if err := tx.ScoresOnly(ctx); err != nil {
					return err
				}
			}
			_, err := tx.SetScores(ctx, chunk)
			return err
		}); err != nil {
			return err
		}
	}
	return nil
}

// movedScores are the scores that differ from what their results hold: placed, in the
// result's division still, and moved, bringing the result to its team's new division.
func movedScores(results []store.Result, scores []store.Score) (placed, moved []store.Score) {
	byID := make(map[string]*store.Result, len(results))
	for i := range results {
		byID[results[i].ID] = &results[i]
	}
	for _, sc := range scores {
		switch r := byID[sc.ID]; {
		case r == nil || r.DivisionID != sc.DivisionID:
			moved = append(moved, sc)
		case !equalInt32(r.Place, sc.Place) || !equalFloat(r.Points, sc.Points):
			placed = append(placed, sc)
		}
	}
	return placed, moved
}
