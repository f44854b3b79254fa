package store

import (
	"context"
	"time"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/words"
)

// Snapshot is what a history entry keeps of a result: the fields that describe it.
type Snapshot struct {
	Status        typesv1.ResultStatus
	ResultValue   *float64
	CappedReps    *int32
	TiebreakValue *float64
	Score         *float64
	Rank          *int32
	IsPublished   bool
	Scaled        bool
	Penalty       *Penalty
	// VideoURL is the submission's video link on an entry that records its change (online
	// qualifiers), empty on every other.
	VideoURL string
}

// HistoryEntry is one change to one result. Before is nil for a created result, After for a
// deleted one.
type HistoryEntry struct {
	ID                                   int64
	EventID, ResultID, TeamID, WorkoutID string
	At                                   time.Time
	Actor, Action                        string
	Before, After                        *Snapshot
}

const historyColumns = `id, event_id::text, result_id::text, team_id::text, workout_id::text, at, actor, action,
	before_status, before_value, before_capped_reps, before_tiebreak, before_points, before_place, before_published,
	after_status, after_value, after_capped_reps, after_tiebreak, after_points, after_place, after_published,
	before_scaled, before_penalty_kind, before_penalty_amount, before_penalty_reason,
	after_scaled, after_penalty_kind, after_penalty_amount, after_penalty_reason,
	before_video_url, after_video_url`

// snapshotScan scans a snapshot's columns; a null status means there is no snapshot.
type snapshotScan struct {
	status          *string
	value, tiebreak *float64
	reps, place     *int32
	points          *float64
	published       *bool
	scaled          *bool
	kind, reason    *string
	amount          *float64
	video           *string
}

// markTargets are the Scaled and penalty columns, which come after both snapshots' values.
func (c *snapshotScan) markTargets() []any {
	return []any{&c.scaled, &c.kind, &c.amount, &c.reason}
}

func (c *snapshotScan) targets() []any {
	return []any{&c.status, &c.value, &c.reps, &c.tiebreak, &c.points, &c.place, &c.published}
}

func (c *snapshotScan) snapshot() *Snapshot {
	if c.status == nil {
		return nil
	}
	status, _ := words.Parse[typesv1.ResultStatus](*c.status) // the column allows the words only
	s := &Snapshot{Status: status, ResultValue: c.value, CappedReps: c.reps, TiebreakValue: c.tiebreak,
		Score: c.points, Rank: c.place}
	if c.published != nil {
		s.IsPublished = *c.published
	}
	s.Scaled = c.scaled != nil && *c.scaled
	s.Penalty = penaltyOf(c.kind, c.amount, c.reason)
	if c.video != nil {
		s.VideoURL = *c.video
	}
	return s
}

func (s *Store) scanHistory(ctx context.Context, sql string, args ...any) (_ []HistoryEntry, err error) {
	defer apperr.Wrap(&err, "store.scanHistory()")
	rows, err := s.db.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []HistoryEntry
	for rows.Next() {
		var e HistoryEntry
		var before, after snapshotScan
		targets := append([]any{&e.ID, &e.EventID, &e.ResultID, &e.TeamID, &e.WorkoutID, &e.At, &e.Actor, &e.Action},
			before.targets()...)
		targets = append(append(targets, after.targets()...), before.markTargets()...)
		targets = append(append(targets, after.markTargets()...), &before.video, &after.video)
		if err := rows.Scan(targets...); err != nil {
			return nil, err
		}
		e.Before, e.After = before.snapshot(), after.snapshot()
		out = append(out, e)
	}
	return out, rows.Err()
}

// ResultHistory is every entry of one result, oldest first.
func (s *Store) ResultHistory(ctx context.Context, resultID string) (_ []HistoryEntry, err error) {
	defer apperr.Wrap(&err, "store.ResultHistory(%q)", resultID)
	return s.scanHistory(ctx, `SELECT `+historyColumns+` FROM results.result_history
		WHERE result_id = $1 ORDER BY id`, resultID)
}

// EventHistory is up to limit entries of an event, newest first, that come after a feed
// cursor: at < beforeAt, or at = beforeAt and (sourceBefore or id < beforeID).
func (s *Store) EventHistory(ctx context.Context, eventID string, beforeAt time.Time, sourceBefore bool, beforeID int64, limit int) (_ []HistoryEntry, err error) {
	defer apperr.Wrap(&err, "store.EventHistory(%q, %d)", eventID, beforeID)
	return s.scanHistory(ctx, `SELECT `+historyColumns+` FROM results.result_history
		WHERE event_id = $1 AND (at < $2 OR at = $2 AND ($3 OR id < $4))
		ORDER BY at DESC, id DESC LIMIT $5`, eventID, beforeAt, sourceBefore, beforeID, limit)
}
