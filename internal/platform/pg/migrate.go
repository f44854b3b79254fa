package pg

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Migrations are one service's schema changes: files named NNNN_description.sql in FS,
// applied in name order into Schema.
type Migrations struct {
	Schema string
	FS     fs.FS
}

// Embedded are a service's migrations embedded from its store package's migrations/
// directory (`//go:embed migrations/*.sql`).
func Embedded(schema string, files embed.FS) Migrations {
	sub, err := fs.Sub(files, "migrations")
	if err != nil {
		panic(fmt.Sprintf("pg: migrations of %s: %v", schema, err)) // a build mistake, caught by every test
	}
	return Migrations{Schema: schema, FS: sub}
}

// migrationLock is the advisory lock that makes concurrent `podium migrate` runs (two
// replicas starting at once) take turns.
const migrationLock = 7_314_159_265

// Migrate applies every migration not applied yet, each in its own transaction, holding an
// advisory lock for the whole run.
func Migrate(ctx context.Context, pool *pgxpool.Pool, sets ...Migrations) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
		return fmt.Errorf("migrate: lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLock) //nolint:errcheck // released with the session anyway

	for _, set := range sets {
		if err := migrateSchema(ctx, conn.Conn(), set); err != nil {
			return fmt.Errorf("migrate %s: %w", set.Schema, err)
		}
	}
	return nil
}

func migrateSchema(ctx context.Context, conn *pgx.Conn, set Migrations) error {
	schema := pgx.Identifier{set.Schema}.Sanitize()
	if _, err := conn.Exec(ctx, `CREATE SCHEMA IF NOT EXISTS `+schema); err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS `+schema+`.schema_migrations (
		version text PRIMARY KEY,
		applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		return err
	}
	names, err := fs.Glob(set.FS, "*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		var done bool
		if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+schema+`.schema_migrations WHERE version = $1)`, name).Scan(&done); err != nil {
			return err
		}
		if done {
			continue
		}
		body, err := fs.ReadFile(set.FS, name)
		if err != nil {
			return err
		}
		err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SET LOCAL search_path TO `+schema); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, string(body)); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			_, err := tx.Exec(ctx, `INSERT INTO `+schema+`.schema_migrations (version) VALUES ($1)`, name)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}
