package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// listVersionID is the public_versions row of the public event list (migration 0135).
const listVersionID = "00000000-0000-0000-0000-000000000000"

// PublicVersion is the public version of an event ("" for the event list's): triggers raise
// it in the transaction of every change (migrations/0135_public_versions.sql); 0 before the
// first.
func (s *Store) PublicVersion(ctx context.Context, eventID string) (_ int64, err error) {
	defer apperr.Wrap(&err, "store.PublicVersion(%q)", eventID)
	if eventID == "" {
		eventID = listVersionID
	}
	var v int64
	err = s.db.QueryRow(ctx, `SELECT version FROM competition.public_versions WHERE event_id = $1`, eventID).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return v, err
}
