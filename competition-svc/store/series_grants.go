package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Series grants: the organisers an admin lets manage a series (migrations/0581_series_grants.sql).

// PutSeriesGrant grants userID the series; granting it again changes nothing.
func (s *Store) PutSeriesGrant(ctx context.Context, seriesID, userID string) (err error) {
	defer apperr.Wrap(&err, "store.PutSeriesGrant(%q)", seriesID)
	_, err = s.db.Exec(ctx, `INSERT INTO competition.series_grants (series_id, user_id) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`, seriesID, userID)
	return err
}

// DeleteSeriesGrant removes a grant, or returns ErrNotFound.
func (s *Store) DeleteSeriesGrant(ctx context.Context, seriesID, userID string) (err error) {
	defer apperr.Wrap(&err, "store.DeleteSeriesGrant(%q)", seriesID)
	tag, err := s.db.Exec(ctx, `DELETE FROM competition.series_grants WHERE series_id = $1 AND user_id = $2`, seriesID, userID)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return err
}

// SeriesGrantees returns the users granted the series, oldest grant first.
func (s *Store) SeriesGrantees(ctx context.Context, seriesID string) (_ []string, err error) {
	defer apperr.Wrap(&err, "store.SeriesGrantees(%q)", seriesID)
	rows, err := s.db.Query(ctx, `SELECT user_id::text FROM competition.series_grants WHERE series_id = $1
		ORDER BY granted_at, user_id`, seriesID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// GrantedSeries returns the series userID is granted.
func (s *Store) GrantedSeries(ctx context.Context, userID string) (_ map[string]bool, err error) {
	defer apperr.Wrap(&err, "store.GrantedSeries(%q)", userID)
	rows, err := s.db.Query(ctx, `SELECT series_id::text FROM competition.series_grants WHERE user_id = $1`, userID)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}
