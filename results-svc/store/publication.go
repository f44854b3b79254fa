package store

import (
	"context"
	"time"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Publishing results and counting what is published.

// Publication says how SetPublished changes the flag.
type Publication int

const (
	Publish Publication = iota
	Unpublish
	Toggle
)

// SetPublished publishes, unpublishes or flips the given results and returns the events of
// the rows that changed, one entry per changed row. Unknown ids are ignored. Either way a
// pending change's published values are dropped: publishing makes the change public,
// unpublishing takes the result off the public views (a pending row is a draft, so a toggle
// publishes it). at is the service's clock: a result's first publication keeps it as the start
// of its appeal window (migrations/0980_appeals.sql).
func (s *Store) SetPublished(ctx context.Context, ids []string, p Publication, at time.Time) (_ []string, err error) {
	defer apperr.Wrap(&err, "store.SetPublished()")
	var set string
	switch p {
	case Publish:
		set = `true`
	case Unpublish:
		set = `false`
	default:
		set = `NOT r.is_published`
	}
	// The rows are locked in id order first, so two publication calls over overlapping sets
	// cannot deadlock.
	rows, err := s.db.Query(ctx, `WITH target AS (
			SELECT id FROM results.results WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE)
		UPDATE results.results AS r SET is_published = `+set+`, updated_at = now(),
			public_status = NULL, public_value = NULL, public_capped_reps = NULL, public_tiebreak = NULL,
			public_updated_at = NULL, public_scaled = NULL, public_penalty_kind = NULL, public_penalty_amount = NULL,
			public_penalty_reason = NULL,
			first_published_at = CASE WHEN `+set+` THEN COALESCE(r.first_published_at, $2) ELSE r.first_published_at END
		FROM target WHERE r.id = target.id
			AND (r.is_published IS DISTINCT FROM (`+set+`) OR r.public_status IS NOT NULL)
		RETURNING r.event_id::text`, ids, at)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var events []string
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return nil, err
		}
		events = append(events, e)
	}
	return events, rows.Err()
}

// Filter narrows PublicationCounts; empty fields do not filter.
type Filter struct {
	EventID   string
	WorkoutID string
	TeamIDs   []string // nil: every team
}

// PublicationCounts counts published and unpublished results.
func (s *Store) PublicationCounts(ctx context.Context, f Filter) (published, unpublished int, err error) {
	defer apperr.Wrap(&err, "store.PublicationCounts()")
	err = s.db.QueryRow(ctx, `SELECT count(*) FILTER (WHERE is_published), count(*) FILTER (WHERE NOT is_published)
		FROM results.results
		WHERE ($1::uuid IS NULL OR event_id = $1::uuid)
		  AND ($2::uuid IS NULL OR workout_id = $2::uuid)
		  AND ($3::uuid[] IS NULL OR team_id = ANY($3::uuid[]))`,
		nullable(f.EventID), nullable(f.WorkoutID), f.TeamIDs).Scan(&published, &unpublished)
	return published, unpublished, err
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
