package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/pg"
)

// The users: reading, creating, changing roles and passwords.

// An athlete has no username: the email address stands in for it, so the callers and
// activity of an athlete are named by their address.
const userColumns = `id, COALESCE(username, email), password_hash, role, disabled, created_at, last_sign_in_at`

// staffOnly keeps athletes out of the users admins manage.
const staffOnly = `role <> 'athlete'`

func scanUser(row pgx.Row) (User, error) {
	var u User
	err := row.Scan(&u.ID, &u.Username, &u.PasswordHash, &u.Role, &u.Disabled, &u.CreatedAt, &u.LastSignInAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, ErrNotFound
	}
	return u, err
}

// UserByName finds a user, ignoring case.
func (s *Store) UserByName(ctx context.Context, username string) (_ User, err error) {
	defer apperr.Wrap(&err, "store.UserByName()")
	return scanUser(s.db.QueryRow(ctx,
		`SELECT `+userColumns+` FROM auth.users WHERE lower(username) = lower($1)`, username))
}

// UserByID finds a user, staff or athlete.
func (s *Store) UserByID(ctx context.Context, id string) (_ User, err error) {
	defer apperr.Wrap(&err, "store.UserByID(%q)", id)
	return scanUser(s.db.QueryRow(ctx, `SELECT `+userColumns+` FROM auth.users WHERE id = $1`, id))
}

// ListUsers returns every staff user, by username.
func (s *Store) ListUsers(ctx context.Context) (_ []User, err error) {
	defer apperr.Wrap(&err, "store.ListUsers()")
	return s.queryUsers(ctx, `SELECT `+userColumns+` FROM auth.users WHERE `+staffOnly+` ORDER BY lower(username)`)
}

// LookupUsers returns the staff users with any of the ids or usernames (case ignored).
func (s *Store) LookupUsers(ctx context.Context, ids, usernames []string) (_ []User, err error) {
	defer apperr.Wrap(&err, "store.LookupUsers()")
	return s.queryUsers(ctx, `SELECT `+userColumns+` FROM auth.users
		WHERE (id = ANY($1::uuid[]) OR lower(username) = ANY(SELECT lower(u) FROM unnest($2::text[]) u)) AND `+staffOnly+`
		ORDER BY lower(username)`, ids, usernames)
}

func (s *Store) queryUsers(ctx context.Context, sql string, args ...any) (_ []User, err error) {
	defer apperr.Wrap(&err, "store.queryUsers()")
	rows, err := s.db.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []User
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// CreateUser adds a user.
func (s *Store) CreateUser(ctx context.Context, username, passwordHash, role string) (_ User, err error) {
	defer apperr.Wrap(&err, "store.CreateUser()")
	u, err := scanUser(s.db.QueryRow(ctx,
		`INSERT INTO auth.users (username, password_hash, role) VALUES ($1, $2, $3) RETURNING `+userColumns,
		username, passwordHash, role))
	if pg.IsUniqueViolation(err) {
		return User{}, ErrUsernameTaken
	}
	return u, err
}

// CountUsers returns how many staff users exist.
func (s *Store) CountUsers(ctx context.Context) (_ int, err error) {
	defer apperr.Wrap(&err, "store.CountUsers()")
	var n int
	err = s.db.QueryRow(ctx, `SELECT count(*) FROM auth.users WHERE `+staffOnly).Scan(&n)
	return n, err
}

// UpdateUser sets a staff user's role and disabled flag in one transaction: disabling ends every session,
// and a change that would leave no active admin is refused (ErrLastAdmin). The active admins
// are locked first, so two admins demoting each other at once cannot both succeed.
func (s *Store) UpdateUser(ctx context.Context, id, role string, disabled bool) (_ User, err error) {
	defer apperr.Wrap(&err, "store.UpdateUser(%q)", id)
	var u User
	err = s.InTx(ctx, func(tx *Store) error {
		rows, err := tx.db.Query(ctx, `SELECT id::text FROM auth.users WHERE role = 'admin' AND NOT disabled ORDER BY id FOR UPDATE`)
		if err != nil {
			return err
		}
		admins, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		if len(admins) == 1 && admins[0] == id && (role != "admin" || disabled) {
			return ErrLastAdmin
		}
		u, err = scanUser(tx.db.QueryRow(ctx,
			`UPDATE auth.users SET role = $2, disabled = $3 WHERE id = $1 AND `+staffOnly+` RETURNING `+userColumns, id, role, disabled))
		if err != nil {
			return err
		}
		if disabled {
			return tx.endSessions(ctx, id)
		}
		return nil
	})
	return u, err
}

// SetPassword replaces a user's hash and ends every session of the user, in one transaction.
func (s *Store) SetPassword(ctx context.Context, id, passwordHash string) (err error) {
	defer apperr.Wrap(&err, "store.SetPassword(%q)", id)
	return s.InTx(ctx, func(tx *Store) error {
		tag, err := tx.db.Exec(ctx, `UPDATE auth.users SET password_hash = $2 WHERE id = $1`, id, passwordHash)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrNotFound
		}
		return tx.endSessions(ctx, id)
	})
}
