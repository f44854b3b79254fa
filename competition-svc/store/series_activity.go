package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// SeriesActivity is one change to a series' setup (0730_series_ranking.sql).
type SeriesActivity struct {
	ID                     int64
	SeriesID               string
	At                     time.Time
	Actor, Action, Summary string
}

// RecordSeriesActivity writes entries in one statement, in the store's transaction.
func (s *Store) RecordSeriesActivity(ctx context.Context, entries ...SeriesActivity) (err error) {
	defer apperr.Wrap(&err, "store.RecordSeriesActivity()")
	if len(entries) == 0 {
		return nil
	}
	n := len(entries)
	series, actors, actions, summaries := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	for i, e := range entries {
		series[i], actors[i], actions[i], summaries[i] = e.SeriesID, e.Actor, e.Action, e.Summary
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.series_activity (series_id, actor, action, summary)
		SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[])`, series, actors, actions, summaries)
	return err
}

// ListSeriesActivity is up to limit entries of a series, newest first, before the entry
// beforeID (0: from the newest).
func (s *Store) ListSeriesActivity(ctx context.Context, seriesID string, beforeID int64, limit int) (_ []SeriesActivity, err error) {
	defer apperr.Wrap(&err, "store.ListSeriesActivity(%q, %d)", seriesID, beforeID)
	rows, err := s.db.Query(ctx, `SELECT id, series_id::text, at, actor, action, summary
		FROM competition.series_activity
		WHERE series_id = $1 AND ($2 = 0 OR id < $2)
		ORDER BY id DESC LIMIT $3`, seriesID, beforeID, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[SeriesActivity])
}
