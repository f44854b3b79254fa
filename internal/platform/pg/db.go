package pg

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// DB is what a store runs its queries on: a pool, or a transaction it was handed. Every
// store takes one, so a use case can run the queries of several stores in one transaction
// (docs/architecture.md, "The shape of a service").
type DB interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	// SendBatch sends several queries in one round trip: for reads that go together on a hot
	// path (an event's structure on every judge's save).
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
	Begin(ctx context.Context) (pgx.Tx, error)
}
