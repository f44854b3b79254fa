package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// PublicVersion is the public version of an event's results: triggers raise it in the
// transaction of every change (migrations/0135_public_versions.sql); 0 before the first.
func (s *Store) PublicVersion(ctx context.Context, eventID string) (int64, error) {
	var v int64
	err := s.db.QueryRow(ctx, `SELECT version FROM results.public_versions WHERE event_id = $1`, eventID).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return v, err
}
