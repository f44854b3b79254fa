package stacktest

import (
	"context"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5"
)

// WithDB runs use on a connection of its own to the stack's database, for what a test checks
// or arranges below the API.
func (s *Stack) WithDB(t testing.TB, use func(ctx context.Context, conn *pgx.Conn) error) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if err := use(ctx, conn); err != nil {
		t.Fatal(err)
	}
}

// Rows counts the rows of a table that match where.
func (s *Stack) Rows(t testing.TB, table, where string, args ...any) int {
	t.Helper()
	var n int
	s.WithDB(t, func(ctx context.Context, conn *pgx.Conn) error {
		return conn.QueryRow(ctx, "SELECT count(*) FROM "+table+" WHERE "+where, args...).Scan(&n)
	})
	return n
}

// QueryRow scans the one row sql selects, as a T, on a connection of its own.
func QueryRow[T any](t testing.TB, s *Stack, sql string, args ...any) T {
	t.Helper()
	var out T
	s.WithDB(t, func(ctx context.Context, conn *pgx.Conn) error {
		if err := conn.QueryRow(ctx, sql, args...).Scan(&out); err != nil {
			return fmt.Errorf("%s: %w", sql, err)
		}
		return nil
	})
	return out
}
