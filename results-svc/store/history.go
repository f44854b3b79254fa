package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/words"
)

// Snapshot is what a history entry keeps of a result: the fields that describe it. It is
// stored as JSON, the status as its word.
type Snapshot struct {
	Status        string   `json:"status"`
	ResultValue   *float64 `json:"resultValue"`
	CappedReps    *int32   `json:"cappedReps"`
	TiebreakValue *float64 `json:"tiebreakValue"`
	Score         *float64 `json:"score"`
	Rank          *int32   `json:"rank"`
	IsPublished   bool     `json:"isPublished"`
}

// SnapshotOf is the snapshot of a stored result.
func SnapshotOf(r Result) *Snapshot {
	return &Snapshot{Status: r.Status.String(), ResultValue: r.Value, CappedReps: r.CappedReps, TiebreakValue: r.Tiebreak,
		Score: r.Points, Rank: r.Place, IsPublished: r.IsPublished}
}

// ResultStatus is the snapshot's status as the contract's enum.
func (s *Snapshot) ResultStatus() typesv1.ResultStatus {
	st, _ := words.Parse[typesv1.ResultStatus](s.Status)
	return st
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

// InsertHistory writes entries in one statement.
func InsertHistory(ctx context.Context, tx DB, entries []HistoryEntry) error {
	if len(entries) == 0 {
		return nil
	}
	n := len(entries)
	events, results, teams, workouts, actors, actions := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	befores, afters := make([]*string, n), make([]*string, n)
	for i, e := range entries {
		events[i], results[i], teams[i], workouts[i], actors[i], actions[i] = e.EventID, e.ResultID, e.TeamID, e.WorkoutID, e.Actor, e.Action
		var err error
		if befores[i], err = snapshotJSON(e.Before); err != nil {
			return err
		}
		if afters[i], err = snapshotJSON(e.After); err != nil {
			return err
		}
	}
	_, err := tx.Exec(ctx, `INSERT INTO results.result_history
		(event_id, result_id, team_id, workout_id, actor, action, before, after)
		SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::jsonb[], $8::jsonb[])`,
		events, results, teams, workouts, actors, actions, befores, afters)
	if err != nil {
		return fmt.Errorf("insert history: %w", err)
	}
	return nil
}

func snapshotJSON(s *Snapshot) (*string, error) {
	if s == nil {
		return nil, nil
	}
	b, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	text := string(b)
	return &text, nil
}

const historyColumns = `id, event_id::text, result_id::text, team_id::text, workout_id::text, at, actor, action, before, after`

func scanHistory(ctx context.Context, db DB, sql string, args ...any) ([]HistoryEntry, error) {
	rows, err := db.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []HistoryEntry
	for rows.Next() {
		var e HistoryEntry
		if err := rows.Scan(&e.ID, &e.EventID, &e.ResultID, &e.TeamID, &e.WorkoutID, &e.At, &e.Actor, &e.Action, &e.Before, &e.After); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// ResultHistory is every entry of one result, oldest first.
func ResultHistory(ctx context.Context, db DB, resultID string) ([]HistoryEntry, error) {
	return scanHistory(ctx, db, `SELECT `+historyColumns+` FROM results.result_history
		WHERE result_id = $1 ORDER BY id`, resultID)
}

// EventHistory is up to limit entries of an event, newest first, that come after a feed
// cursor: at < beforeAt, or at = beforeAt and (sourceBefore or id < beforeID).
func EventHistory(ctx context.Context, db DB, eventID string, beforeAt time.Time, sourceBefore bool, beforeID int64, limit int) ([]HistoryEntry, error) {
	return scanHistory(ctx, db, `SELECT `+historyColumns+` FROM results.result_history
		WHERE event_id = $1 AND (at < $2 OR at = $2 AND ($3 OR id < $4))
		ORDER BY at DESC, id DESC LIMIT $5`, eventID, beforeAt, sourceBefore, beforeID, limit)
}
