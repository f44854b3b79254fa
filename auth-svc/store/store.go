// Package store keeps auth-svc's users in the PostgreSQL schema "auth".
package store

import (
	"context"
	"embed"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/podium-dev/podium/internal/platform/pg"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migrations create the "auth" schema.
var Migrations = pg.Migrations{Schema: "auth", FS: mustSub(migrationFiles, "migrations")}

// ErrNotFound means no user has that name.
var ErrNotFound = errors.New("user not found")

// ErrUsernameTaken means a user with that name exists already.
var ErrUsernameTaken = errors.New("username taken")

// User is an administrator.
type User struct {
	ID           string
	Username     string
	PasswordHash string
}

// Store reads and writes users.
type Store struct{ pool *pgxpool.Pool }

// New returns a Store on pool.
func New(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

// UserByName finds a user, ignoring case.
func (s *Store) UserByName(ctx context.Context, username string) (User, error) {
	var u User
	err := s.pool.QueryRow(ctx,
		`SELECT id, username, password_hash FROM auth.users WHERE lower(username) = lower($1)`, username,
	).Scan(&u.ID, &u.Username, &u.PasswordHash)
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, ErrNotFound
	}
	return u, err
}

// CreateUser adds a user.
func (s *Store) CreateUser(ctx context.Context, username, passwordHash string) (User, error) {
	u := User{Username: username, PasswordHash: passwordHash}
	err := s.pool.QueryRow(ctx,
		`INSERT INTO auth.users (username, password_hash) VALUES ($1, $2) RETURNING id`, username, passwordHash,
	).Scan(&u.ID)
	if pg.IsUniqueViolation(err) {
		return User{}, ErrUsernameTaken
	}
	return u, err
}

// CountUsers returns how many users exist.
func (s *Store) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM auth.users`).Scan(&n)
	return n, err
}
