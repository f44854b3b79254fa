package store

import (
	"context"
	"fmt"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"hash/fnv"
	"slices"
)

// The cell locks: every transaction that writes results takes them first.

// lockKey is the advisory lock key of a cell. A collision between two cells only makes them
// take turns, never breaks anything.
func lockKey(c Cell) int64 {
	h := fnv.New64a()
	h.Write([]byte("podium.results:" + c.WorkoutID + "/" + c.DivisionID))
	return int64(h.Sum64())
}

// LockCells takes the transaction-scoped advisory lock of every cell, in ascending key order
// so that two transactions locking overlapping sets cannot deadlock. Every transaction that
// writes results takes the locks of the cells it touches before writing, so rescoring a cell
// never interleaves with another change to it.
func (s *Store) LockCells(ctx context.Context, cells []Cell) (err error) {
	defer apperr.Wrap(&err, "store.LockCells()")
	keys := lockKeys(cells)
	if len(keys) == 0 {
		return nil
	}
	if _, err := s.db.Exec(ctx, lockCellsSQL, keys); err != nil {
		return fmt.Errorf("lock cells: %w", err)
	}
	return nil
}

const lockCellsSQL = `SELECT pg_advisory_xact_lock(k) FROM unnest($1::int8[]) WITH ORDINALITY AS t(k, n) ORDER BY n`

// lockKeys are the cells' lock keys in the order LockCells takes them.
func lockKeys(cells []Cell) []int64 {
	keys := make([]int64, 0, len(cells))
	for _, c := range cells {
		keys = append(keys, lockKey(c))
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}
