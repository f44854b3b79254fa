package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// UserLanguage is the language a user or athlete chose ("" when none).
func (s *Store) UserLanguage(ctx context.Context, id string) (_ string, err error) {
	defer apperr.Wrap(&err, "store.UserLanguage(%q)", id)
	var language string
	err = s.db.QueryRow(ctx, `SELECT language FROM auth.users WHERE id = $1`, id).Scan(&language)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrNotFound
	}
	return language, err
}

// SetUserLanguage keeps a user's or athlete's language.
func (s *Store) SetUserLanguage(ctx context.Context, id, language string) (err error) {
	defer apperr.Wrap(&err, "store.SetUserLanguage(%q)", id)
	tag, err := s.db.Exec(ctx, `UPDATE auth.users SET language = $2 WHERE id = $1`, id, language)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}
