package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// HeatStart is one heat of an event as a schedule shift reads it.
type HeatStart struct {
	ID          string
	WorkoutName string
	Number      int32
	StartTime   time.Time
	Teams       []string
}

// LockEventHeatStarts returns every heat of an event by current start (then number), after
// taking the row locks of all the event's workouts in id order: every change to a workout's
// heats holds its workout's lock (LockWorkout), so a shift and any heat change, or two shifts,
// take turns without a deadlock.
func (s *Store) LockEventHeatStarts(ctx context.Context, eventID string) (_ []HeatStart, err error) {
	defer apperr.Wrap(&err, "store.LockEventHeatStarts(%q)", eventID)
	if _, err := s.db.Exec(ctx, `SELECT id FROM competition.workouts WHERE event_id = $1 ORDER BY id FOR UPDATE`, eventID); err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT h.id::text, w.name, h.number, h.start_time,
		COALESCE((SELECT array_agg(l.team_id::text ORDER BY l.lane) FROM competition.heat_lanes l WHERE l.heat_id = h.id), '{}')
		FROM competition.heats h JOIN competition.workouts w ON w.id = h.workout_id
		WHERE h.event_id = $1 ORDER BY h.start_time, h.number, h.id`, eventID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[HeatStart])
}

// ShiftHeats moves the current start of the given heats by minutes; their planned starts stay.
func (s *Store) ShiftHeats(ctx context.Context, ids []string, minutes int32) (err error) {
	defer apperr.Wrap(&err, "store.ShiftHeats(%d)", minutes)
	_, err = s.db.Exec(ctx, `UPDATE competition.heats SET start_time = start_time + make_interval(mins => $2), updated_at = now()
		WHERE id = ANY($1::uuid[])`, ids, minutes)
	return err
}
