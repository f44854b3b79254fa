package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// DeleteAthlete deletes an athlete's account, profile, links and sessions (the rows cascade
// from auth.users), which frees the address, and queues the erasure of the names other
// services hold (migrations/0421_athlete_erasures.sql), all in the store's transaction.
func (s *Store) DeleteAthlete(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.DeleteAthlete()")
	tag, err := s.db.Exec(ctx, `DELETE FROM auth.users WHERE id = $1 AND role = 'athlete'`, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	_, err = s.db.Exec(ctx, `INSERT INTO auth.athlete_erasures (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, id)
	return err
}

// ClaimErasure takes the next due erasure and keeps it from other workers for lease; ok is
// false when none is due.
func (s *Store) ClaimErasure(ctx context.Context, lease time.Duration) (userID string, attempts int, ok bool, err error) {
	defer apperr.Wrap(&err, "store.ClaimErasure()")
	err = s.db.QueryRow(ctx, `UPDATE auth.athlete_erasures SET attempts = attempts + 1, next_attempt_at = now() + $1::interval
		WHERE user_id = (SELECT user_id FROM auth.athlete_erasures WHERE done_at IS NULL AND next_attempt_at <= now()
			ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING user_id::text, attempts`, lease.String()).Scan(&userID, &attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", 0, false, nil
	}
	return userID, attempts, err == nil, err
}

// FinishErasure marks an erasure done.
func (s *Store) FinishErasure(ctx context.Context, userID string) (err error) {
	defer apperr.Wrap(&err, "store.FinishErasure()")
	_, err = s.db.Exec(ctx, `UPDATE auth.athlete_erasures SET done_at = now(), last_error = '' WHERE user_id = $1`, userID)
	return err
}

// FailErasure records why an erasure failed and when it is tried again.
func (s *Store) FailErasure(ctx context.Context, userID, reason string, retryIn time.Duration) (err error) {
	defer apperr.Wrap(&err, "store.FailErasure()")
	_, err = s.db.Exec(ctx, `UPDATE auth.athlete_erasures SET last_error = $2, next_attempt_at = now() + $3::interval
		WHERE user_id = $1`, userID, reason, retryIn.String())
	return err
}
