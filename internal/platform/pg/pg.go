// Package pg connects to PostgreSQL and applies each service's embedded migrations.
package pg

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Connect opens a pool and checks that the server answers; configure (e.g. a query tracer)
// adjusts the pool's settings before it opens.
func Connect(ctx context.Context, databaseURL string, configure ...func(*pgxpool.Config)) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("database url: %w", err)
	}
	cfg.MaxConnIdleTime = 5 * time.Minute
	cfg.HealthCheckPeriod = 15 * time.Second
	for _, f := range configure {
		f(cfg)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("connect to database: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect to database: %w", err)
	}
	return pool, nil
}

// SizeFor sizes a pool that services share (`podium all` runs three on one pool): pgx's
// default size, the greater of 4 and the CPUs, is one service's, and a transaction holds its
// connection while it waits for a lock (results-svc's cell locks, while a heat's judges save
// at once). Shared by three services at the default, the pool was the federation day's queue:
// the public views' version reads and the judges' saves waited for its four connections
// (docs/operations.md, "Sizing a federation day"). A pool_max_conns in the URL is kept.
func SizeFor(databaseURL string, services int) func(*pgxpool.Config) {
	return func(cfg *pgxpool.Config) {
		if services <= 1 || strings.Contains(databaseURL, "pool_max_conns") {
			return
		}
		cfg.MaxConns *= int32(services)
	}
}

// EnsureDatabase creates the database named in databaseURL when it does not exist yet, by
// connecting to the server's maintenance database.
func EnsureDatabase(ctx context.Context, databaseURL string) error {
	u, err := url.Parse(databaseURL)
	if err != nil {
		return fmt.Errorf("database url: %w", err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	if name == "" || name == "postgres" {
		return nil
	}
	u.Path = "/postgres"
	conn, err := pgx.Connect(ctx, u.String())
	if err != nil {
		return fmt.Errorf("connect to maintenance database: %w", err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return fmt.Errorf("look up database: %w", err)
	}
	if exists {
		return nil
	}
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "42P04" { // created meanwhile by another process
		return nil
	}
	if err != nil {
		return fmt.Errorf("create database %s: %w", name, err)
	}
	return nil
}

// InTx runs fn in a transaction, committing when it returns nil; inside a transaction
// already, it nests as a savepoint.
func InTx(ctx context.Context, db DB, fn func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, db, fn)
}

// IsUniqueViolation reports a unique-constraint failure.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// IsForeignKeyViolation reports a foreign-key failure.
func IsForeignKeyViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23503"
}
