package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Scope names the results one write can change: those of an event, or of some workouts stored
// under some divisions or belonging to some teams, or of some teams alone (no divisions: a save
// whose cells are scored apart, which changes its own rows only), or some results by id. Empty
// parts do not narrow it.
type Scope struct {
	EventID                 string
	WorkoutIDs, DivisionIDs []string
	TeamIDs, ResultIDs      []string
}

// filter is the scope's WHERE clause over results.results and its parameters, numbered from
// $first. Only the parts in use are in it, so the planner can use the indexes on event and workout
// (the clause is built from the fixed fragments below, never from values).
func (s Scope) filter(first int) (string, []any) {
	var conds []string
	var args []any
	param := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", first+len(args)-1)
	}
	if s.EventID != "" {
		conds = append(conds, "event_id = "+param(s.EventID)+"::uuid")
	}
	if len(s.WorkoutIDs) > 0 {
		conds = append(conds, "workout_id = ANY("+param(s.WorkoutIDs)+"::uuid[])")
	}
	if len(s.DivisionIDs) > 0 {
		conds = append(conds, "(division_id = ANY("+param(s.DivisionIDs)+"::uuid[]) OR team_id = ANY("+param(nonNil(s.TeamIDs))+"::uuid[]))")
	} else if len(s.TeamIDs) > 0 {
		conds = append(conds, "team_id = ANY("+param(s.TeamIDs)+"::uuid[])")
	}
	if len(s.ResultIDs) > 0 {
		conds = append(conds, "id = ANY("+param(s.ResultIDs)+"::uuid[])")
	}
	if len(conds) == 0 {
		return "false", nil // an empty scope holds nothing
	}
	return strings.Join(conds, " AND "), args
}

// Before is what a scope held before a write: the fields a history entry keeps, by column.
type Before struct {
	ids, events, teams, workouts []string
	statuses                     []string
	values, tiebreaks, points    []*float64
	reps, places                 []*int32
	published                    []bool
	pending                      []bool // a change of the published result is pending
	scaled                       []bool
	kinds, reasons               []*string
	amounts                      []*float64
}

// LockAndReadBefore takes the cells' locks (as LockCells) and then reads the results in scope
// before a write, in one round trip: the read is queued behind the locks in a pipeline, so it
// runs once they are held. The locks last as long as the transaction, so the store must be
// one InTx handed out.
func (s *Store) LockAndReadBefore(ctx context.Context, cells []Cell, scope Scope) (_ *Before, err error) {
	defer apperr.Wrap(&err, "store.LockAndReadBefore()")
	tx, ok := s.db.(pgx.Tx)
	if !ok {
		return nil, errors.New("lock and read before a write: the store is not in a transaction")
	}
	batch := &pgx.Batch{}
	keys := lockKeys(cells)
	if len(keys) > 0 {
		batch.Queue(lockCellsSQL, keys)
	}
	where, args := scope.filter(1)
	batch.Queue(`SELECT id::text, event_id::text, team_id::text, workout_id::text,
		status, value, capped_reps, tiebreak, points, place, is_published, public_status IS NOT NULL,
		scaled, penalty_kind, penalty_amount, penalty_reason
		FROM results.results WHERE `+where, args...)
	results := tx.SendBatch(ctx, batch)
	defer results.Close()
	if len(keys) > 0 {
		if _, err := results.Exec(); err != nil {
			return nil, fmt.Errorf("lock cells: %w", err)
		}
	}
	rows, err := results.Query()
	if err != nil {
		return nil, fmt.Errorf("read results before a write: %w", err)
	}
	defer rows.Close()
	b := &Before{}
	for rows.Next() {
		var (
			id, event, team, workout, status string
			value, tiebreak, pts             *float64
			reps, place                      *int32
			published, pending, scaled       bool
			kind, reason                     *string
			amount                           *float64
		)
		if err := rows.Scan(&id, &event, &team, &workout, &status, &value, &reps, &tiebreak, &pts, &place, &published, &pending,
			&scaled, &kind, &amount, &reason); err != nil {
			return nil, err
		}
		b.scaled, b.kinds, b.amounts, b.reasons = append(b.scaled, scaled), append(b.kinds, kind), append(b.amounts, amount), append(b.reasons, reason)
		b.ids, b.statuses = append(b.ids, id), append(b.statuses, status)
		b.events, b.teams, b.workouts = append(b.events, event), append(b.teams, team), append(b.workouts, workout)
		b.values, b.reps, b.tiebreaks = append(b.values, value), append(b.reps, reps), append(b.tiebreaks, tiebreak)
		b.points, b.places, b.published = append(b.points, pts), append(b.places, place), append(b.published, published)
		b.pending = append(b.pending, pending)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	return b, results.Close()
}

// RecordChanges compares the results in scope now with before and writes one history entry
// per result that changed, in one statement: created, deleted, updated (its values; an update
// of a published result is its pending change, after.is_published false), published or
// unpublished (a pending change's publication, or its withdrawal with the result), or rescored
// (only its points or place). actor made the change;
// rescorer is who rescoring alone is attributed to. It returns the ids of the results the
// write itself changed (every entry but a rescore), and their workouts and teams: the keys
// whose counts the change may have moved (SettleCounts).
func (s *Store) RecordChanges(ctx context.Context, scope Scope, before *Before, actor, rescorer string) (_ map[string]bool, touched []CountKey, err error) {
	defer apperr.Wrap(&err, "store.RecordChanges()")
	// The before columns and the actors come first ($1–$18); the scope's parameters follow.
	args := []any{nonNil(before.ids), nonNil(before.statuses), before.values, before.reps, before.tiebreaks,
		before.points, before.places, before.published, nonNil(before.events), nonNil(before.teams), nonNil(before.workouts),
		actor, rescorer, before.pending, before.scaled, before.kinds, before.amounts, before.reasons}
	where, scopeArgs := scope.filter(len(args) + 1)
	args = append(args, scopeArgs...)
	rows, err := s.db.Query(ctx, `WITH recorded AS (INSERT INTO results.result_history (event_id, result_id, team_id, workout_id, actor, action,
			before_status, before_value, before_capped_reps, before_tiebreak, before_points, before_place, before_published,
			after_status, after_value, after_capped_reps, after_tiebreak, after_points, after_place, after_published,
			before_scaled, before_penalty_kind, before_penalty_amount, before_penalty_reason,
			after_scaled, after_penalty_kind, after_penalty_amount, after_penalty_reason)
		SELECT coalesce(n.event_id, b.event_id), coalesce(n.id, b.id), coalesce(n.team_id, b.team_id),
			coalesce(n.workout_id, b.workout_id), CASE WHEN c.action = 'rescored' THEN $13 ELSE $12 END, c.action,
			b.status, b.value, b.capped_reps, b.tiebreak, b.points, b.place, b.is_published,
			n.status, n.value, n.capped_reps, n.tiebreak, n.points, n.place, n.is_published,
			b.scaled, b.penalty_kind, b.penalty_amount, b.penalty_reason,
			n.scaled, n.penalty_kind, n.penalty_amount, n.penalty_reason
		FROM (SELECT id, event_id, team_id, workout_id, status, value, capped_reps, tiebreak, points, place, is_published,
				public_status IS NOT NULL AS pending, scaled, penalty_kind, penalty_amount, penalty_reason
			FROM results.results WHERE `+where+`) n
		FULL JOIN unnest($1::uuid[], $2::text[], $3::float8[], $4::int4[], $5::float8[], $6::float8[], $7::int4[], $8::bool[],
				$9::uuid[], $10::uuid[], $11::uuid[], $14::bool[], $15::bool[], $16::text[], $17::float8[], $18::text[])
			AS b(id, status, value, capped_reps, tiebreak, points, place, is_published, event_id, team_id, workout_id, pending,
				scaled, penalty_kind, penalty_amount, penalty_reason)
			ON b.id = n.id
		CROSS JOIN LATERAL (SELECT CASE
				WHEN b.id IS NULL THEN 'created'
				WHEN n.id IS NULL THEN 'deleted'
				WHEN `+valuesOf(`n.`)+` IS DISTINCT FROM `+valuesOf(`b.`)+` THEN 'updated'
				WHEN n.is_published <> b.is_published THEN CASE WHEN n.is_published THEN 'published' ELSE 'unpublished' END
				WHEN b.pending AND NOT n.pending THEN 'unpublished'
				WHEN (n.points, n.place) IS DISTINCT FROM (b.points, b.place) THEN 'rescored'
			END AS action) c
		WHERE c.action IS NOT NULL
		ORDER BY c.action = 'rescored', coalesce(n.id, b.id)
		RETURNING result_id, team_id, workout_id, action)
		SELECT result_id::text, team_id::text, workout_id::text FROM recorded WHERE action <> 'rescored'`, args...)
	if err != nil {
		return nil, nil, fmt.Errorf("record result history: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var id, team, workout string
		if err := rows.Scan(&id, &team, &workout); err != nil {
			return nil, nil, fmt.Errorf("record result history: %w", err)
		}
		out[id] = true
		touched = append(touched, CountKey{Team: true, ID: team}, CountKey{ID: workout})
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("record result history: %w", err)
	}
	return out, compactKeys(touched), nil
}
