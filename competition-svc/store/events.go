package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/words"
)

const eventColumns = `e.id::text, e.name, e.date_from, e.date_to, e.location, e.description, e.status,
	e.details_visible, e.scoring_table, e.custom_points, e.workout_ties, e.overall_tie_break,
	e.overall_workout_id::text, e.created_at, e.updated_at, e.format, e.time_zone,
	e.show_unreviewed, e.roster_lock_at, e.default_language`

func scanEvent(row pgx.Row) (Event, error) {
	var e Event
	err := row.Scan(&e.ID, &e.Name, &e.DateFrom, &e.DateTo, &e.Location, &e.Description, pg.Text(&e.Status),
		&e.DetailsVisible, &e.ScoringTable, &e.CustomPoints, &e.Scoring.WorkoutTies, &e.Scoring.OverallTieBreak,
		&e.Scoring.OverallWorkoutID, &e.CreatedAt, &e.UpdatedAt, &e.Format, &e.TimeZone,
		&e.ShowUnreviewed, &e.RosterLockAt, &e.DefaultLanguage)
	if e.CustomPoints == nil {
		e.CustomPoints = []float64{}
	}
	return e, err
}

func collectEvents(rows pgx.Rows, err error) ([]Event, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	events := []Event{}
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return nil, err
		}
		events = append(events, e)
	}
	return events, rows.Err()
}

// ListEvents returns every event in the events' order (order.go).
func (s *Store) ListEvents(ctx context.Context) (_ []Event, err error) {
	defer apperr.Wrap(&err, "store.ListEvents()")
	return eventsInOrder(collectEvents(s.db.Query(ctx, `SELECT `+eventColumns+` FROM competition.events e`)))
}

// ListEventsWithStatus returns the events in one of statuses, in the events' order (order.go).
func (s *Store) ListEventsWithStatus(ctx context.Context, statuses []typesv1.EventStatus) (_ []Event, err error) {
	defer apperr.Wrap(&err, "store.ListEventsWithStatus()")
	return eventsInOrder(collectEvents(s.db.Query(ctx, `SELECT `+eventColumns+` FROM competition.events e
		WHERE e.status = ANY($1)`, words.Strings(statuses))))
}

// GetEvent returns one event or ErrNotFound.
func (s *Store) GetEvent(ctx context.Context, id string) (_ Event, err error) {
	defer apperr.Wrap(&err, "store.GetEvent(%q)", id)
	e, err := scanEvent(s.db.QueryRow(ctx, `SELECT `+eventColumns+` FROM competition.events e WHERE e.id = $1`, id))
	return e, notFound(err)
}

// LockEvent returns an event and locks its row until the transaction ends, so that changes
// that depend on the event's content (workout numbers, delete rules) take turns.
func (s *Store) LockEvent(ctx context.Context, id string) (_ Event, err error) {
	defer apperr.Wrap(&err, "store.LockEvent(%q)", id)
	e, err := scanEvent(s.db.QueryRow(ctx, `SELECT `+eventColumns+` FROM competition.events e WHERE e.id = $1 FOR UPDATE`, id))
	return e, notFound(err)
}

// CreateEvent inserts e (its ID and timestamps are set by the database) and returns it.
func (s *Store) CreateEvent(ctx context.Context, e Event) (_ Event, err error) {
	defer apperr.Wrap(&err, "store.CreateEvent()")
	return scanEvent(s.db.QueryRow(ctx, `INSERT INTO competition.events AS e
		(name, date_from, date_to, location, description, status, details_visible, scoring_table, custom_points, roster_lock_at, default_language)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce(nullif($11, ''), 'en'))
		RETURNING `+eventColumns,
		e.Name, e.DateFrom, e.DateTo, e.Location, e.Description, pg.Text(&e.Status), e.DetailsVisible, e.ScoringTable, points(e.CustomPoints),
		e.RosterLockAt, e.DefaultLanguage))
}

// UpdateEvent replaces every field of the event e.ID and returns it, or ErrNotFound.
func (s *Store) UpdateEvent(ctx context.Context, e Event) (_ Event, err error) {
	defer apperr.Wrap(&err, "store.UpdateEvent(%q)", e.ID)
	out, err := scanEvent(s.db.QueryRow(ctx, `UPDATE competition.events AS e SET
		name = $2, date_from = $3, date_to = $4, location = $5, description = $6, status = $7,
		details_visible = $8, scoring_table = $9, custom_points = $10, roster_lock_at = $11, default_language = coalesce(nullif($12, ''), e.default_language), updated_at = now()
		WHERE e.id = $1
		RETURNING `+eventColumns,
		e.ID, e.Name, e.DateFrom, e.DateTo, e.Location, e.Description, pg.Text(&e.Status), e.DetailsVisible, e.ScoringTable, points(e.CustomPoints),
		e.RosterLockAt, e.DefaultLanguage))
	return out, notFound(err)
}

// SetEventScoring replaces the event's table, custom points and tie rules and returns it, or
// ErrNotFound. The overall workout must be one of the event's (a foreign key alone would
// accept another event's).
func (s *Store) SetEventScoring(ctx context.Context, id, table string, custom []float64, r ScoringRules) (_ Event, err error) {
	defer apperr.Wrap(&err, "store.SetEventScoring(%q)", id)
	out, err := scanEvent(s.db.QueryRow(ctx, `UPDATE competition.events AS e SET
		scoring_table = $2, custom_points = $3, workout_ties = $4, overall_tie_break = $5,
		overall_workout_id = (SELECT w.id FROM competition.workouts w WHERE w.id = $6::uuid AND w.event_id = e.id),
		updated_at = now()
		WHERE e.id = $1
		RETURNING `+eventColumns,
		id, table, points(custom), r.WorkoutTies, r.OverallTieBreak, r.OverallWorkoutID))
	return out, notFound(err)
}

// SetEventStatus changes only the status of an event and returns it, or ErrNotFound.
func (s *Store) SetEventStatus(ctx context.Context, id string, status typesv1.EventStatus) (_ Event, err error) {
	defer apperr.Wrap(&err, "store.SetEventStatus(%q)", id)
	out, err := scanEvent(s.db.QueryRow(ctx, `UPDATE competition.events AS e SET status = $2, updated_at = now()
		WHERE e.id = $1 RETURNING `+eventColumns, id, pg.Text(&status)))
	return out, notFound(err)
}

// DeleteEvent removes an event with its divisions, teams and workouts, or returns ErrNotFound.
func (s *Store) DeleteEvent(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.DeleteEvent(%q)", id)
	tag, err := s.db.Exec(ctx, `DELETE FROM competition.events WHERE id = $1`, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// EventIDOf finds the event that a division, team or workout belongs to. kind is "division",
// "team" or "workout".
func (s *Store) EventIDOf(ctx context.Context, kind, id string) (_ string, err error) {
	defer apperr.Wrap(&err, "store.EventIDOf(%q)", id)
	var q string
	switch kind {
	case "division":
		q = `SELECT event_id::text FROM competition.divisions WHERE id = $1`
	case "team":
		q = `SELECT event_id::text FROM competition.teams WHERE id = $1`
	case "workout":
		q = `SELECT event_id::text FROM competition.workouts WHERE id = $1`
	case "heat":
		q = `SELECT event_id::text FROM competition.heats WHERE id = $1`
	default:
		return "", fmt.Errorf("store: unknown kind %q", kind)
	}
	var eventID string
	err = s.db.QueryRow(ctx, q, id).Scan(&eventID)
	return eventID, notFound(err)
}

func points(p []float64) []float64 {
	if p == nil {
		return []float64{}
	}
	return p
}
