package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Pending sign-ups (migrations/0803_pending_signups.sql): each waits for its own link and
// keeps the password given with it; only the link's hash is stored.

// PendingSignUp is a sign-up that waits for its link.
type PendingSignUp struct {
	ID, Email, FirstName string
	PasswordHash         string
}

// AddPendingSignUp keeps a sign-up of email until expires, confirmed by the token of hash;
// the address's expired sign-ups go.
func (s *Store) AddPendingSignUp(ctx context.Context, email, passwordHash string, p Profile, hash []byte, now, expires time.Time) (err error) {
	defer apperr.Wrap(&err, "store.AddPendingSignUp()")
	if _, err := s.db.Exec(ctx, `DELETE FROM auth.pending_signups WHERE lower(email) = lower($1) AND expires_at <= $2`, email, now); err != nil {
		return err
	}
	_, err = s.db.Exec(ctx, `INSERT INTO auth.pending_signups (email, password_hash, first_name, last_name, token_hash, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, email, passwordHash, p.FirstName, p.LastName, hash, now, expires)
	return err
}

// PendingSignUps returns the unexpired sign-ups of email, newest first.
func (s *Store) PendingSignUps(ctx context.Context, email string, now time.Time) (_ []PendingSignUp, err error) {
	defer apperr.Wrap(&err, "store.PendingSignUps()")
	rows, err := s.db.Query(ctx, `SELECT id::text, email, first_name, password_hash FROM auth.pending_signups
		WHERE lower(email) = lower($1) AND expires_at > $2 ORDER BY created_at DESC, id`, email, now)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (PendingSignUp, error) {
		var p PendingSignUp
		err := row.Scan(&p.ID, &p.Email, &p.FirstName, &p.PasswordHash)
		return p, err
	})
}

// RenewSignUpLink gives a pending sign-up a new token (its earlier link stops working) and
// a new expiry.
func (s *Store) RenewSignUpLink(ctx context.Context, id string, hash []byte, expires time.Time) (err error) {
	defer apperr.Wrap(&err, "store.RenewSignUpLink(%q)", id)
	_, err = s.db.Exec(ctx, `UPDATE auth.pending_signups SET token_hash = $2, expires_at = $3 WHERE id = $1`, id, hash, expires)
	return err
}

// ConfirmSignUp turns the pending sign-up of a token's hash into an athlete account with a
// confirmed address, the sign-up's password and name, and drops the address's other pending
// sign-ups, in one transaction. ErrTokenInvalid when no unexpired sign-up has the hash;
// ErrEmailTaken when the address has an account already (its pending sign-ups go then too).
func (s *Store) ConfirmSignUp(ctx context.Context, hash []byte, now time.Time) (_ Athlete, err error) {
	defer apperr.Wrap(&err, "store.ConfirmSignUp()")
	var id string
	taken := false
	err = s.InTx(ctx, func(tx *Store) error {
		var email string
		err := tx.db.QueryRow(ctx, `SELECT email FROM auth.pending_signups WHERE token_hash = $1 AND expires_at > $2`, hash, now).Scan(&email)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrTokenInvalid
		}
		if err != nil {
			return err
		}
		// One confirmation per address at a time: two links of one address clicked at once
		// cannot both make an account.
		if _, err := tx.db.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended(lower($1), 803))`, email); err != nil {
			return err
		}
		var passwordHash, first, last string
		err = tx.db.QueryRow(ctx, `DELETE FROM auth.pending_signups WHERE token_hash = $1 AND expires_at > $2
			RETURNING email, password_hash, first_name, last_name`, hash, now).Scan(&email, &passwordHash, &first, &last)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrTokenInvalid // confirmed or dropped by another link meanwhile
		}
		if err != nil {
			return err
		}
		if _, err := tx.db.Exec(ctx, `DELETE FROM auth.pending_signups WHERE lower(email) = lower($1)`, email); err != nil {
			return err
		}
		if _, err := tx.AthleteByEmail(ctx, email); err == nil {
			taken = true
			return nil
		} else if !errors.Is(err, ErrNotFound) {
			return err
		}
		if err := tx.db.QueryRow(ctx, `INSERT INTO auth.users (email, password_hash, role, email_verified_at)
			VALUES ($1, $2, 'athlete', $3) RETURNING id::text`, email, passwordHash, now).Scan(&id); err != nil {
			return err
		}
		_, err = tx.db.Exec(ctx, `INSERT INTO auth.athletes (user_id, first_name, last_name) VALUES ($1, $2, $3)`, id, first, last)
		return err
	})
	if err != nil {
		return Athlete{}, err
	}
	if taken {
		return Athlete{}, ErrEmailTaken
	}
	return s.AthleteByID(ctx, id)
}
