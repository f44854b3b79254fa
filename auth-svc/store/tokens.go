package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The single-use links sent by email. Only a hash of each token is stored.

// Token purposes.
const (
	PurposeVerify = "verify"
	PurposeReset  = "reset"
)

// ErrTokenInvalid means no unused, unexpired token of that purpose has the hash.
var ErrTokenInvalid = errors.New("token invalid")

// AddToken stores a token's hash for user, valid until expires.
func (s *Store) AddToken(ctx context.Context, hash []byte, userID, purpose string, expires time.Time) (err error) {
	defer apperr.Wrap(&err, "store.AddToken(%q)", userID)
	_, err = s.db.Exec(ctx, `INSERT INTO auth.email_tokens (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)`,
		hash, userID, purpose, expires)
	return err
}

// TokenUser returns the user of an unused, unexpired token of purpose without using it (a
// cheap check before expensive work); ErrTokenInvalid otherwise.
func (s *Store) TokenUser(ctx context.Context, hash []byte, purpose string, now time.Time) (_ string, err error) {
	defer apperr.Wrap(&err, "store.TokenUser()")
	var userID string
	err = s.db.QueryRow(ctx, `SELECT user_id::text FROM auth.email_tokens
		WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`, hash, purpose, now).Scan(&userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrTokenInvalid
	}
	return userID, err
}

// UseToken marks an unused, unexpired token of purpose as used and returns its user, in one
// statement: two clicks on the same link cannot both succeed. ErrTokenInvalid otherwise.
func (s *Store) UseToken(ctx context.Context, hash []byte, purpose string, now time.Time) (_ string, err error) {
	defer apperr.Wrap(&err, "store.UseToken()")
	var userID string
	err = s.db.QueryRow(ctx, `UPDATE auth.email_tokens SET used_at = $3
		WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
		RETURNING user_id::text`, hash, purpose, now).Scan(&userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrTokenInvalid
	}
	return userID, err
}

// EndTokens retires every unused token of purpose of a user (a newer link replaces them; a
// reset password leaves no other reset link open).
func (s *Store) EndTokens(ctx context.Context, userID, purpose string, now time.Time) (err error) {
	defer apperr.Wrap(&err, "store.EndTokens(%q)", userID)
	_, err = s.db.Exec(ctx, `UPDATE auth.email_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
		userID, purpose, now)
	return err
}
