// Package store keeps auth-svc's users and sessions in the PostgreSQL schema "auth".
package store

import (
	"context"
	"embed"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/pg"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migrations create the "auth" schema.
var Migrations = pg.Embedded("auth", migrationFiles)

// ErrNotFound means no such user.
var ErrNotFound = errors.New("user not found")

// ErrUsernameTaken means a user with that name exists already.
var ErrUsernameTaken = errors.New("username taken")

// ErrLastAdmin means a change would leave no active administrator.
var ErrLastAdmin = errors.New("last active admin")

// User is an account.
type User struct {
	ID           string
	Username     string
	PasswordHash string
	Role         string
	Disabled     bool
	CreatedAt    time.Time
	LastSignInAt *time.Time
}

// Store reads and writes users and sessions.
type Store struct{ db pg.DB }

// New returns a Store on db (a pool, or a transaction it joins).
func New(db pg.DB) *Store { return &Store{db: db} }

// InTx runs fn with a store bound to one transaction, committed when fn returns nil. Inside a
// transaction already, it nests as a savepoint.
func (s *Store) InTx(ctx context.Context, fn func(*Store) error) error {
	return pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error { return fn(&Store{db: tx}) })
}
