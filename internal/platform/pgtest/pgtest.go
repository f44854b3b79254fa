// Package pgtest gives tests their own PostgreSQL database and Redis connection on the real
// servers of the machine (TEST_DATABASE_URL, TEST_REDIS_URL).
//
// Every call to NewDatabase returns a fresh database cloned from a migrated template, so tests
// that commit (concurrency, transactions) are isolated from each other; tests that only need
// rolled-back work can use Tx on top of it.
package pgtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"github.com/podium-dev/podium/internal/platform/pg"
)

// ServerURL is the test server's maintenance connection.
func ServerURL() string {
	if v := os.Getenv("TEST_DATABASE_URL"); v != "" {
		return v
	}
	return "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
}

// RedisURL is the test Redis; database 1 keeps tests apart from a local `make run`.
func RedisURL() string {
	if v := os.Getenv("TEST_REDIS_URL"); v != "" {
		return v
	}
	return "redis://127.0.0.1:6379/1"
}

// URLFor returns ServerURL pointed at database name.
func URLFor(name string) string {
	u, err := url.Parse(ServerURL())
	if err != nil {
		panic(err)
	}
	u.Path = "/" + name
	return u.String()
}

// NewDatabase creates a database with every given migration applied, dropped when the test
// ends, and returns its URL.
func NewDatabase(t testing.TB, sets ...pg.Migrations) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	admin, err := pgx.Connect(ctx, ServerURL())
	if err != nil {
		t.Fatalf("pgtest: connect to %s: %v (is PostgreSQL running?)", ServerURL(), err)
	}
	defer admin.Close(ctx)

	template := ensureTemplate(ctx, t, admin, sets)
	name := "podium_t_" + randomHex(6)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" TEMPLATE "+pgx.Identifier{template}.Sanitize()); err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	// Commits do not wait for the WAL to reach the disk: a test's data need not outlive a
	// crash of the server, and the waits would add up over hundreds of tests sharing one disk.
	// Every other guarantee (transactions, locks, constraints) is the server's as in production.
	if _, err := admin.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{name}.Sanitize()+" SET synchronous_commit = off"); err != nil {
		t.Fatalf("pgtest: configure database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, ServerURL())
		if err != nil {
			return
		}
		defer conn.Close(ctx)
		conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)") //nolint:errcheck // best effort
	})
	return URLFor(name)
}

// NewPool is NewDatabase plus a pool closed when the test ends.
func NewPool(t testing.TB, sets ...pg.Migrations) *pgxpool.Pool {
	t.Helper()
	pool, err := pg.Connect(context.Background(), NewDatabase(t, sets...))
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// Tx begins a transaction that is rolled back when the test ends.
func Tx(t testing.TB, pool *pgxpool.Pool) pgx.Tx {
	t.Helper()
	tx, err := pool.Begin(context.Background())
	if err != nil {
		t.Fatalf("pgtest: begin: %v", err)
	}
	t.Cleanup(func() { tx.Rollback(context.Background()) }) //nolint:errcheck // rollback after the test is the point
	return tx
}

// NewRedis returns a client of the test Redis, closed when the test ends.
func NewRedis(t testing.TB) *redis.Client {
	t.Helper()
	opts, err := redis.ParseURL(RedisURL())
	if err != nil {
		t.Fatalf("pgtest: redis url: %v", err)
	}
	rdb := redis.NewClient(opts)
	if err := rdb.Ping(context.Background()).Err(); err != nil {
		t.Fatalf("pgtest: redis at %s: %v (is Redis running?)", RedisURL(), err)
	}
	t.Cleanup(func() { rdb.Close() })
	return rdb
}

// Namespace returns a Redis namespace of the test's own, for code that takes one
// (cache.Namespace in production): the test Redis is shared by every test binary and every
// checkout on the machine, so a test's name alone is not enough to keep tests that run at
// the same time from seeing each other's keys and signals. Its keys are deleted when the
// test ends.
func Namespace(t testing.TB, rdb *redis.Client) string {
	t.Helper()
	ns := "test-" + randomHex(8)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		iter := rdb.Scan(ctx, 0, "*"+ns+"*", 1000).Iterator()
		for iter.Next(ctx) {
			rdb.Del(ctx, iter.Val()) // best effort: a key left over expires or is never read again
		}
	})
	return ns
}

// ensureTemplate builds, once per distinct set of migrations, a template database that later
// databases are cloned from. An advisory lock keeps parallel test binaries from racing.
func ensureTemplate(ctx context.Context, t testing.TB, admin *pgx.Conn, sets []pg.Migrations) string {
	t.Helper()
	name := "podium_tpl_" + fingerprint(t, sets)
	if _, err := admin.Exec(ctx, `SELECT pg_advisory_lock(4242)`); err != nil {
		t.Fatalf("pgtest: lock: %v", err)
	}
	defer admin.Exec(ctx, `SELECT pg_advisory_unlock(4242)`) //nolint:errcheck // released with the session anyway

	var exists bool
	if err := admin.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	if exists {
		return name
	}
	building := name + "_b"
	admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{building}.Sanitize()) //nolint:errcheck // leftover of a crashed run
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{building}.Sanitize()); err != nil {
		t.Fatalf("pgtest: create template: %v", err)
	}
	pool, err := pg.Connect(ctx, URLFor(building))
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	err = pg.Migrate(ctx, pool, sets...)
	pool.Close()
	if err != nil {
		t.Fatalf("pgtest: migrate template: %v", err)
	}
	if _, err := admin.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{building}.Sanitize()+" RENAME TO "+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatalf("pgtest: rename template: %v", err)
	}
	return name
}

// fingerprint names a template after the content of its migrations, so a changed migration
// gets a new template instead of a stale one.
func fingerprint(t testing.TB, sets []pg.Migrations) string {
	h := sha256.New()
	for _, set := range sets {
		fmt.Fprintln(h, set.Schema)
		names, _ := fs.Glob(set.FS, "*.sql")
		sort.Strings(names)
		for _, n := range names {
			body, err := fs.ReadFile(set.FS, n)
			if err != nil {
				t.Fatalf("pgtest: %v", err)
			}
			fmt.Fprintln(h, n, len(body))
			h.Write(body)
		}
	}
	return strings.ToLower(hex.EncodeToString(h.Sum(nil))[:16])
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails
	return hex.EncodeToString(b)
}
