package store

import (
	"context"
	"time"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/words"
)

// Adjustments (docs/competition-day.md, "Adjustments"): the changes of an event's results the
// public saw after it first saw them, read from the result history. A change reaches the
// public in one of three entries:
//   - "published" of a result that was public before: a pending change published (an upheld
//     appeal, a correction, a penalty) or a withdrawn result published again;
//   - "updated" of a published result that stays published (an edit saved with publication);
//   - "deleted" or "unpublished" of a published result (taken off the public boards).
//
// What the public saw before is the before snapshot of the last entry up to that one whose
// result was published before it (the pending change's own entry, or the entry itself).

// Adjustments are the event's adjustments, newest first, as history entries whose Before is
// the result as the public saw it before and After as it sees it since (nil when withdrawn).
// Actor is always empty: the public never learns who changed a result.
func (s *Store) Adjustments(ctx context.Context, eventID string) (_ []HistoryEntry, err error) {
	defer apperr.Wrap(&err, "store.Adjustments(%q)", eventID)
	return s.scanHistory(ctx, `SELECT h.id, h.event_id::text, h.result_id::text, h.team_id::text, h.workout_id::text, h.at, '', h.action,
			o.before_status, o.before_value, o.before_capped_reps, o.before_tiebreak, o.before_points, o.before_place, o.before_published,
			h.after_status, h.after_value, h.after_capped_reps, h.after_tiebreak, h.after_points, h.after_place, h.after_published,
			o.before_scaled, o.before_penalty_kind, o.before_penalty_amount, o.before_penalty_reason,
			h.after_scaled, h.after_penalty_kind, h.after_penalty_amount, h.after_penalty_reason,
			NULL::text, NULL::text
		FROM results.result_history h
		JOIN LATERAL (SELECT p.* FROM results.result_history p
			WHERE p.result_id = h.result_id AND p.id <= h.id AND p.before_published
			ORDER BY p.id DESC LIMIT 1) o ON true
		WHERE h.event_id = $1 AND (
			(h.action = 'published' AND EXISTS (SELECT 1 FROM results.result_history e
				WHERE e.result_id = h.result_id AND e.id < h.id AND e.after_published))
			OR (h.action = 'updated' AND h.before_published AND h.after_published)
			OR (h.action IN ('deleted', 'unpublished') AND h.before_published))
		ORDER BY h.at DESC, h.id DESC`, eventID)
}

// PublicResult is one of a team's results as the public sees it, with its first publication.
type PublicResult struct {
	ID, WorkoutID  string
	Status         typesv1.ResultStatus
	Value          *float64
	CappedReps     *int32
	FirstPublished time.Time
}

// TeamPublicResults are the results of a team the public sees (a pending change's published
// values), each with when the public first saw it.
func (s *Store) TeamPublicResults(ctx context.Context, eventID, teamID string) (_ []PublicResult, err error) {
	defer apperr.Wrap(&err, "store.TeamPublicResults(%q, %q)", eventID, teamID)
	rows, err := s.db.Query(ctx, `SELECT id::text, workout_id::text,
			CASE WHEN public_status IS NOT NULL THEN public_status ELSE status END,
			CASE WHEN public_status IS NOT NULL THEN public_value ELSE value END,
			CASE WHEN public_status IS NOT NULL THEN public_capped_reps ELSE capped_reps END,
			first_published_at
		FROM results.results
		WHERE event_id = $1 AND team_id = $2 AND first_published_at IS NOT NULL AND (is_published OR public_status IS NOT NULL)`,
		eventID, teamID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []PublicResult
	for rows.Next() {
		var r PublicResult
		var status string
		if err := rows.Scan(&r.ID, &r.WorkoutID, &status, &r.Value, &r.CappedReps, &r.FirstPublished); err != nil {
			return nil, err
		}
		r.Status, _ = words.Parse[typesv1.ResultStatus](status) // the column allows the words only
		out = append(out, r)
	}
	return out, rows.Err()
}
