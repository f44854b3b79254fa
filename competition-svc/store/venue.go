package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Venue is an event's venue settings (migrations/0540_event_venue.sql).
type Venue struct {
	EventID       string
	TVRows        int32
	TVSeconds     int32
	TVDivisionIDs []string
	EmbedOrigins  []string
}

// DefaultVenue is what an event without a stored row has (the migration's defaults).
func DefaultVenue(eventID string) Venue {
	return Venue{EventID: eventID, TVRows: 10, TVSeconds: 12, TVDivisionIDs: []string{}, EmbedOrigins: []string{}}
}

// GetVenue returns an event's venue settings, the defaults when none are stored.
func (s *Store) GetVenue(ctx context.Context, eventID string) (_ Venue, err error) {
	defer apperr.Wrap(&err, "store.GetVenue(%q)", eventID)
	v := Venue{EventID: eventID}
	err = s.db.QueryRow(ctx, `SELECT tv_rows, tv_seconds, tv_division_ids::text[], embed_origins
		FROM competition.event_venue WHERE event_id = $1`, eventID).
		Scan(&v.TVRows, &v.TVSeconds, &v.TVDivisionIDs, &v.EmbedOrigins)
	if errors.Is(err, pgx.ErrNoRows) {
		return DefaultVenue(eventID), nil
	}
	return v, err
}

// PutVenue stores an event's venue settings.
func (s *Store) PutVenue(ctx context.Context, v Venue) (err error) {
	defer apperr.Wrap(&err, "store.PutVenue(%q)", v.EventID)
	_, err = s.db.Exec(ctx, `INSERT INTO competition.event_venue
		(event_id, tv_rows, tv_seconds, tv_division_ids, embed_origins) VALUES ($1, $2, $3, $4::uuid[], $5)
		ON CONFLICT (event_id) DO UPDATE SET tv_rows = $2, tv_seconds = $3, tv_division_ids = $4::uuid[],
		embed_origins = $5, updated_at = now()`,
		v.EventID, v.TVRows, v.TVSeconds, v.TVDivisionIDs, v.EmbedOrigins)
	return err
}
