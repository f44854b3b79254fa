package store

import (
	"context"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"time"
)

// The sessions: one per sign-in, until it ends or expires.

func (s *Store) endSessions(ctx context.Context, userID string) (err error) {
	defer apperr.Wrap(&err, "store.endSessions()")
	_, err = s.db.Exec(ctx, `UPDATE auth.sessions SET ended_at = now() WHERE user_id = $1 AND ended_at IS NULL`, userID)
	return err
}

// StartSession records a sign-in of user, in one transaction: a new session that lasts until
// expires.
func (s *Store) StartSession(ctx context.Context, userID string, expires time.Time) (_ string, err error) {
	defer apperr.Wrap(&err, "store.StartSession()")
	var id string
	err = s.InTx(ctx, func(tx *Store) error {
		err := tx.db.QueryRow(ctx,
			`INSERT INTO auth.sessions (user_id, expires_at) VALUES ($1, $2) RETURNING id::text`, userID, expires,
		).Scan(&id)
		if err != nil {
			return err
		}
		_, err = tx.db.Exec(ctx, `UPDATE auth.users SET last_sign_in_at = now() WHERE id = $1`, userID)
		return err
	})
	return id, err
}

// EndSession ends one session.
func (s *Store) EndSession(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.EndSession()")
	_, err = s.db.Exec(ctx, `UPDATE auth.sessions SET ended_at = now() WHERE id = $1 AND ended_at IS NULL`, id)
	return err
}

// ActiveSession returns the user behind a session that has not ended or expired and whose
// user is not disabled; ErrNotFound otherwise.
func (s *Store) ActiveSession(ctx context.Context, id string) (_ User, err error) {
	defer apperr.Wrap(&err, "store.ActiveSession()")
	return scanUser(s.db.QueryRow(ctx, `SELECT u.id, COALESCE(u.username, u.email), u.password_hash, u.role, u.disabled, u.created_at, u.last_sign_in_at
		FROM auth.sessions s JOIN auth.users u ON u.id = s.user_id
		WHERE s.id = $1 AND s.ended_at IS NULL AND s.expires_at > now() AND NOT u.disabled`, id))
}
