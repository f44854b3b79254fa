package store

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Cells scored apart from their saves (migrations/1000_cells_due.sql).

// DueCell is a cell waiting for the cell scorer, with the count of marks it has seen.
type DueCell struct {
	Cell
	EventID    string
	Generation int64
}

// MarkCellsDue marks cells of an event for the cell scorer, in the caller's transaction; in
// cell order, so two saves over the same cells never wait on each other crosswise.
func (s *Store) MarkCellsDue(ctx context.Context, eventID string, cells []Cell) (err error) {
	defer apperr.Wrap(&err, "store.MarkCellsDue(%q)", eventID)
	sorted := slices.Clone(cells)
	slices.SortFunc(sorted, func(a, b Cell) int {
		if c := strings.Compare(a.WorkoutID, b.WorkoutID); c != 0 {
			return c
		}
		return strings.Compare(a.DivisionID, b.DivisionID)
	})
	sorted = slices.Compact(sorted)
	workouts, divisions := make([]string, len(sorted)), make([]string, len(sorted))
	for i, c := range sorted {
		workouts[i], divisions[i] = c.WorkoutID, c.DivisionID
	}
	_, err = s.db.Exec(ctx, `INSERT INTO results.cells_due AS c (workout_id, division_id, event_id, due_since)
		SELECT w, d, $3, now() FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS u(w, d, n) ORDER BY n
		ON CONFLICT (workout_id, division_id) DO UPDATE SET generation = c.generation + 1,
			due_since = coalesce(c.due_since, now())`, workouts, divisions, eventID)
	return err
}

// DueCells are the cells marked and last scored at least spacing ago, oldest mark first.
func (s *Store) DueCells(ctx context.Context, spacing time.Duration, limit int) (_ []DueCell, err error) {
	defer apperr.Wrap(&err, "store.DueCells()")
	rows, err := s.db.Query(ctx, `SELECT workout_id::text, division_id::text, event_id::text, generation
		FROM results.cells_due
		WHERE due_since IS NOT NULL AND (scored_at IS NULL OR scored_at < now() - $1::interval)
		ORDER BY due_since LIMIT $2`, spacing, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (DueCell, error) {
		var c DueCell
		err := r.Scan(&c.WorkoutID, &c.DivisionID, &c.EventID, &c.Generation)
		return c, err
	})
}

// LockCellScoring takes the scoring lock of a cell for the transaction; false when another
// scorer holds it. It is not the cell's write lock: saves go on while a cell is scored.
func (s *Store) LockCellScoring(ctx context.Context, c Cell) (_ bool, err error) {
	defer apperr.Wrap(&err, "store.LockCellScoring()")
	var ok bool
	err = s.db.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtextextended('cell-scoring:' || $1 || '/' || $2, 0))`,
		c.WorkoutID, c.DivisionID).Scan(&ok)
	return ok, err
}

// CellScored records a pass of the scorer over c; the cell stays due when a save marked it
// after the pass read it (its generation moved).
func (s *Store) CellScored(ctx context.Context, c DueCell) (err error) {
	defer apperr.Wrap(&err, "store.CellScored()")
	_, err = s.db.Exec(ctx, `UPDATE results.cells_due SET scored_at = now(),
			due_since = CASE WHEN generation = $3 THEN NULL ELSE due_since END
		WHERE workout_id = $1 AND division_id = $2`, c.WorkoutID, c.DivisionID, c.Generation)
	return err
}

// ScoresOnly tells the boards' trigger that the transaction writes admin places and points
// alone, which no board shows (migrations/1002_boards_skip_scores.sql). Only the cell scorer's
// chunk transactions say it, and only for rows whose division stays.
func (s *Store) ScoresOnly(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "store.ScoresOnly()")
	_, err = s.db.Exec(ctx, `SELECT set_config('podium.scores_only', 'on', true)`)
	return err
}
