package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// PublicVersion is the public version of an event's results: triggers raise it in the
// transaction of every change (migrations/0135_public_versions.sql); 0 before the first.
func (s *Store) PublicVersion(ctx context.Context, eventID string) (_ int64, err error) {
	defer apperr.Wrap(&err, "store.PublicVersion(%q)", eventID)
	var v int64
	err = s.db.QueryRow(ctx, `SELECT version FROM results.public_versions WHERE event_id = $1`, eventID).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return v, err
}
