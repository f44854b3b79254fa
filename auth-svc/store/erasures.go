package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Erasure is a deleted athlete whose traces other services may still hold: their id, and
// until the erasure is done their address and name.
type Erasure struct {
	UserID, Email, Name string
	Attempts            int
}

// DeleteAthlete deletes an athlete's account, profile, links and sessions (the rows cascade
// from auth.users), which frees the address, deletes the mails to it (sent or not), and
// queues the erasure of what other services hold (migrations/0421_athlete_erasures.sql), all
// in the store's transaction. name is the athlete's full name.
func (s *Store) DeleteAthlete(ctx context.Context, id, name string) (err error) {
	defer apperr.Wrap(&err, "store.DeleteAthlete(%q)", id)
	var email string
	err = s.db.QueryRow(ctx, `DELETE FROM auth.users WHERE id = $1 AND role = 'athlete' RETURNING email`, id).Scan(&email)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	} else if err != nil {
		return err
	}
	if _, err := s.db.Exec(ctx, `DELETE FROM auth.mail_outbox WHERE lower(to_address) = lower($1)`, email); err != nil {
		return err
	}
	_, err = s.db.Exec(ctx, `INSERT INTO auth.athlete_erasures (user_id, email, name) VALUES ($1, $2, $3)
		ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name, done_at = NULL, next_attempt_at = now()`,
		id, email, name)
	return err
}

// ClaimErasure takes the next due erasure and keeps it from other workers for lease; ok is
// false when none is due.
func (s *Store) ClaimErasure(ctx context.Context, lease time.Duration) (e Erasure, ok bool, err error) {
	defer apperr.Wrap(&err, "store.ClaimErasure()")
	err = s.db.QueryRow(ctx, `UPDATE auth.athlete_erasures SET attempts = attempts + 1, next_attempt_at = now() + $1::interval
		WHERE user_id = (SELECT user_id FROM auth.athlete_erasures WHERE done_at IS NULL AND next_attempt_at <= now()
			ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING user_id::text, email, name, attempts`, lease.String()).Scan(&e.UserID, &e.Email, &e.Name, &e.Attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return Erasure{}, false, nil
	}
	return e, err == nil, err
}

// FinishErasure marks an erasure done and forgets the address and name it carried.
func (s *Store) FinishErasure(ctx context.Context, userID string) (err error) {
	defer apperr.Wrap(&err, "store.FinishErasure()")
	_, err = s.db.Exec(ctx, `UPDATE auth.athlete_erasures SET done_at = now(), last_error = '', email = '', name = ''
		WHERE user_id = $1`, userID)
	return err
}

// FailErasure records why an erasure failed and when it is tried again.
func (s *Store) FailErasure(ctx context.Context, userID, reason string, retryIn time.Duration) (err error) {
	defer apperr.Wrap(&err, "store.FailErasure()")
	_, err = s.db.Exec(ctx, `UPDATE auth.athlete_erasures SET last_error = $2, next_attempt_at = now() + $3::interval
		WHERE user_id = $1`, userID, reason, retryIn.String())
	return err
}
