package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Judge sessions (docs/judging.md): sessions of a judge link, with the scope it may score
// instead of a user.

// StartJudgeSessions starts one session per scope, all ending at expires, in one transaction;
// their ids in the order of scopes.
func (s *Store) StartJudgeSessions(ctx context.Context, scopes []authn.JudgeScope, expires time.Time) (_ []string, err error) {
	defer apperr.Wrap(&err, "store.StartJudgeSessions()")
	ids := make([]string, len(scopes))
	err = s.InTx(ctx, func(tx *Store) error {
		for i, sc := range scopes {
			heat := &sc.HeatID
			if sc.HeatID == "" {
				heat = nil
			}
			lanes := sc.Lanes
			if lanes == nil {
				lanes = []int32{}
			}
			err := tx.db.QueryRow(ctx, `INSERT INTO auth.sessions
				(expires_at, judge_event_id, judge_workout_id, judge_heat_id, judge_lanes, judge_label)
				VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`,
				expires, sc.EventID, sc.WorkoutID, heat, lanes, sc.Label).Scan(&ids[i])
			if err != nil {
				return err
			}
		}
		return nil
	})
	return ids, err
}

// RunningJudgeSessions returns the expiry of every judge session of ids that has not ended or
// expired.
func (s *Store) RunningJudgeSessions(ctx context.Context, ids []string) (_ map[string]time.Time, err error) {
	defer apperr.Wrap(&err, "store.RunningJudgeSessions()")
	rows, err := s.db.Query(ctx, `SELECT id::text, expires_at FROM auth.sessions
		WHERE id = ANY($1::uuid[]) AND user_id IS NULL AND ended_at IS NULL AND expires_at > now()`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]time.Time{}
	for rows.Next() {
		var id string
		var exp time.Time
		if err := rows.Scan(&id, &exp); err != nil {
			return nil, err
		}
		out[id] = exp
	}
	return out, rows.Err()
}

// EndJudgeSessions ends the judge sessions of ids (user sessions are not touched).
func (s *Store) EndJudgeSessions(ctx context.Context, ids []string) (err error) {
	defer apperr.Wrap(&err, "store.EndJudgeSessions()")
	_, err = s.db.Exec(ctx, `UPDATE auth.sessions SET ended_at = now()
		WHERE id = ANY($1::uuid[]) AND user_id IS NULL AND ended_at IS NULL`, ids)
	return err
}

// ActiveJudgeSession returns the scope of a judge session that has not ended or expired;
// ErrNotFound otherwise (also for a user's session).
func (s *Store) ActiveJudgeSession(ctx context.Context, id string) (_ authn.JudgeScope, err error) {
	defer apperr.Wrap(&err, "store.ActiveJudgeSession()")
	var sc authn.JudgeScope
	err = s.db.QueryRow(ctx, `SELECT judge_event_id::text, judge_workout_id::text, coalesce(judge_heat_id::text, ''),
			judge_lanes, judge_label
		FROM auth.sessions WHERE id = $1 AND user_id IS NULL AND ended_at IS NULL AND expires_at > now()`, id).
		Scan(&sc.EventID, &sc.WorkoutID, &sc.HeatID, &sc.Lanes, &sc.Label)
	if errors.Is(err, pgx.ErrNoRows) {
		return sc, ErrNotFound
	}
	return sc, err
}
