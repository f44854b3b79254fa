package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/pg"
)

// Writes of results: one, a batch, a cell, a purge, and the computed places and points.

// Insert adds a result; ok is false (and nothing written) when the team already has a result
// in the workout.
func (s *Store) Insert(ctx context.Context, in Input) (r Result, ok bool, err error) {
	defer apperr.Wrap(&err, "store.Insert()")
	kind, amount, reason := penaltyColumns(in.Penalty)
	r, err = one(s.db.Query(ctx, `INSERT INTO results.results
		(event_id, division_id, team_id, workout_id, status, value, capped_reps, tiebreak,
			scaled, penalty_kind, penalty_amount, penalty_reason)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
		ON CONFLICT (team_id, workout_id) DO NOTHING
		RETURNING `+columns,
		in.EventID, in.DivisionID, in.TeamID, in.WorkoutID, pg.Text(&in.Status), in.Value, in.CappedReps, in.Tiebreak,
		in.Scaled, kind, amount, reason))
	if errors.Is(err, ErrNotFound) {
		return Result{}, false, nil
	}
	return r, err == nil, err
}

// pendingChange is the SET clause that makes a change of a published result pending (docs/
// result-invariants.md, "Pending changes"): when the new values (a row expression over the
// statement's parameters or EXCLUDED) differ from a published row's, the row becomes a draft
// and keeps its published values in public_*; a row with a change pending keeps them until
// publication. Every SET expression reads the row as it was before the statement.
func pendingChange(newValues string) string {
	changed := valuesOf(`r.`) + ` IS DISTINCT FROM ` + newValues
	keep := func(col, from string) string {
		return col + ` = CASE WHEN r.is_published AND ` + changed + ` THEN ` + from + ` ELSE r.` + col + ` END`
	}
	return `is_published = r.is_published AND NOT (` + changed + `),
			` + keep(`public_status`, `r.status`) + `,
			` + keep(`public_value`, `r.value`) + `,
			` + keep(`public_capped_reps`, `r.capped_reps`) + `,
			` + keep(`public_tiebreak`, `r.tiebreak`) + `,
			` + keep(`public_scaled`, `r.scaled`) + `,
			` + keep(`public_penalty_kind`, `r.penalty_kind`) + `,
			` + keep(`public_penalty_amount`, `r.penalty_amount`) + `,
			` + keep(`public_penalty_reason`, `r.penalty_reason`) + `,
			` + keep(`public_updated_at`, `r.updated_at`)
}

// valuesOf is the row expression of a result's entered values (what a change changes), over
// the columns of prefix ("r.", "EXCLUDED.").
func valuesOf(prefix string) string {
	cols := []string{"status", "value", "capped_reps", "tiebreak", "scaled", "penalty_kind", "penalty_amount", "penalty_reason"}
	for i, c := range cols {
		cols[i] = prefix + c
	}
	return "(" + strings.Join(cols, ", ") + ")"
}

// Upsert writes every input in one statement: a new row, or the new values of the team's
// existing result in the workout (a published result's change becomes pending: pendingChange). updated_at moves only for
// rows whose values change. The inputs must not repeat a (team, workout) pair. The rows come
// back in input order.
func (s *Store) Upsert(ctx context.Context, ins []Input) (_ []Result, err error) {
	defer apperr.Wrap(&err, "store.Upsert()")
	if len(ins) == 0 {
		return nil, nil
	}
	n := len(ins)
	events, divisions, teams, workouts, statuses := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	values, tiebreaks, amounts := make([]*float64, n), make([]*float64, n), make([]*float64, n)
	reps := make([]*int32, n)
	scaled := make([]bool, n)
	kinds, reasons := make([]*string, n), make([]*string, n)
	for i, in := range ins {
		events[i], divisions[i], teams[i], workouts[i], statuses[i] = in.EventID, in.DivisionID, in.TeamID, in.WorkoutID, in.Status.String()
		values[i], reps[i], tiebreaks[i] = in.Value, in.CappedReps, in.Tiebreak
		scaled[i] = in.Scaled
		kinds[i], amounts[i], reasons[i] = penaltyColumns(in.Penalty)
	}
	rows, err := scanResults(s.db.Query(ctx, `INSERT INTO results.results AS r
		(event_id, division_id, team_id, workout_id, status, value, capped_reps, tiebreak,
			scaled, penalty_kind, penalty_amount, penalty_reason)
		SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[],
			$6::float8[], $7::int4[], $8::float8[], $9::bool[], $10::text[], $11::float8[], $12::text[])
		ON CONFLICT (team_id, workout_id) DO UPDATE SET
			event_id = EXCLUDED.event_id,
			division_id = EXCLUDED.division_id,
			status = EXCLUDED.status,
			value = EXCLUDED.value,
			capped_reps = EXCLUDED.capped_reps,
			tiebreak = EXCLUDED.tiebreak,
			scaled = EXCLUDED.scaled,
			penalty_kind = EXCLUDED.penalty_kind,
			penalty_amount = EXCLUDED.penalty_amount,
			penalty_reason = EXCLUDED.penalty_reason,
			updated_at = CASE
				WHEN `+valuesOf(`r.`)+` IS DISTINCT FROM `+valuesOf(`EXCLUDED.`)+`
				THEN now() ELSE r.updated_at END,
			`+pendingChange(valuesOf(`EXCLUDED.`))+`
		RETURNING `+columns, events, divisions, teams, workouts, statuses, values, reps, tiebreaks,
		scaled, kinds, amounts, reasons))
	if err != nil {
		return nil, err
	}
	// RETURNING follows no promised order: put the rows back in input order.
	pos := make(map[[2]string]int, n)
	for i, in := range ins {
		pos[[2]string{in.TeamID, in.WorkoutID}] = i
	}
	out := make([]Result, n)
	for _, r := range rows {
		out[pos[[2]string{r.TeamID, r.WorkoutID}]] = r
	}
	return out, nil
}

// Update replaces the values of one result (not its team or workout); a published result's
// change becomes pending (pendingChange).
func (s *Store) Update(ctx context.Context, id string, in Input) (_ Result, err error) {
	defer apperr.Wrap(&err, "store.Update(%q)", id)
	kind, amount, reason := penaltyColumns(in.Penalty)
	const newValues = `($3::text, $4::float8, $5::int4, $6::float8, $7::bool, $8::text, $9::float8, $10::text)`
	return one(s.db.Query(ctx, `UPDATE results.results AS r SET
			division_id = $2, status = $3, value = $4, capped_reps = $5, tiebreak = $6,
			scaled = $7, penalty_kind = $8, penalty_amount = $9, penalty_reason = $10,
			updated_at = CASE
				WHEN `+valuesOf(`r.`)+` IS DISTINCT FROM `+newValues+`
				THEN now() ELSE r.updated_at END,
			`+pendingChange(newValues)+`
		WHERE id = $1
		RETURNING `+columns, id, in.DivisionID, pg.Text(&in.Status), in.Value, in.CappedReps, in.Tiebreak,
		in.Scaled, kind, amount, reason))
}

// Delete removes one result and returns it.
func (s *Store) Delete(ctx context.Context, id string) (_ Result, err error) {
	defer apperr.Wrap(&err, "store.Delete(%q)", id)
	return one(s.db.Query(ctx, `DELETE FROM results.results WHERE id = $1 RETURNING `+columns, id))
}

// DeleteCell removes the results of the given teams in one workout of an event and counts
// them, and the ones the public saw among them (published, or with a change pending).
func (s *Store) DeleteCell(ctx context.Context, eventID, workoutID string, teamIDs []string) (deleted, public int, err error) {
	defer apperr.Wrap(&err, "store.DeleteCell(%q, %q)", eventID, workoutID)
	err = s.db.QueryRow(ctx, `WITH gone AS (DELETE FROM results.results
			WHERE event_id = $1 AND workout_id = $2 AND team_id = ANY($3::uuid[])
			RETURNING is_published OR public_status IS NOT NULL AS public)
		SELECT count(*), count(*) FILTER (WHERE public) FROM gone`, eventID, workoutID, teamIDs).Scan(&deleted, &public)
	return deleted, public, err
}

// SetScores writes computed places and points (and the team's current division), touching
// only rows whose values change. It returns how many rows changed.
func (s *Store) SetScores(ctx context.Context, scores []Score) (_ int, err error) {
	defer apperr.Wrap(&err, "store.SetScores()")
	if len(scores) == 0 {
		return 0, nil
	}
	n := len(scores)
	ids, divisions := make([]string, n), make([]string, n)
	places := make([]*int32, n)
	points := make([]*float64, n)
	for i, sc := range scores {
		ids[i], divisions[i], places[i], points[i] = sc.ID, sc.DivisionID, sc.Place, sc.Points
	}
	tag, err := s.db.Exec(ctx, `UPDATE results.results AS r
		SET place = u.place, points = u.points, division_id = u.division_id
		FROM unnest($1::uuid[], $2::uuid[], $3::int4[], $4::float8[]) AS u(id, division_id, place, points)
		WHERE r.id = u.id
		  AND (r.place, r.points, r.division_id) IS DISTINCT FROM (u.place, u.points, u.division_id)`,
		ids, divisions, places, points)
	if err != nil {
		return 0, fmt.Errorf("set scores: %w", err)
	}
	return int(tag.RowsAffected()), nil
}

// Purge deletes an event's results that belong to any of the given teams, workouts or
// divisions (all of the event's results when all is true).
func (s *Store) Purge(ctx context.Context, eventID string, all bool, teamIDs, workoutIDs, divisionIDs []string) (_ int, err error) {
	defer apperr.Wrap(&err, "store.Purge(%q)", eventID)
	tag, err := s.db.Exec(ctx, `DELETE FROM results.results
		WHERE event_id = $1 AND ($2 OR team_id = ANY($3::uuid[]) OR workout_id = ANY($4::uuid[])
			OR division_id = ANY($5::uuid[]))`,
		eventID, all, nonNil(teamIDs), nonNil(workoutIDs), nonNil(divisionIDs))
	if err != nil {
		return 0, err
	}
	if all { // the event is gone: its judges' submissions go with it
		if _, err := s.db.Exec(ctx, `DELETE FROM results.lane_submissions WHERE event_id = $1`, eventID); err != nil {
			return 0, err
		}
	}
	return int(tag.RowsAffected()), nil
}
