package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/pg"
)

const workoutSelect = `SELECT w.id::text, w.event_id::text, w.name, w.description, w.score_type,
	w.time_cap_seconds, w.workout_order, w.weight, w.created_at, w.updated_at,
	w.release_at, w.submission_deadline, w.video_required, w.part_of::text, w.parts
	FROM competition.workouts w`

func scanWorkout(row pgx.Row) (Workout, error) {
	var w Workout
	err := row.Scan(&w.ID, &w.EventID, &w.Name, &w.Description, pg.Text(&w.ScoreType),
		&w.TimeCapSeconds, &w.WorkoutOrder, &w.Weight, &w.CreatedAt, &w.UpdatedAt,
		&w.ReleaseAt, &w.SubmissionDeadline, &w.VideoRequired, &w.PartOf, &w.Parts)
	return w, err
}

func collectWorkouts(rows pgx.Rows, err error) ([]Workout, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Workout{}
	for rows.Next() {
		w, err := scanWorkout(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, rows.Err()
}

// ListWorkoutsByName returns an event's workouts by name (order.go).
func (s *Store) ListWorkoutsByName(ctx context.Context, eventID string) (_ []Workout, err error) {
	defer apperr.Wrap(&err, "store.ListWorkoutsByName(%q)", eventID)
	return workoutsByName(collectWorkouts(s.db.Query(ctx, workoutSelect+` WHERE w.event_id = $1`, eventID)))
}

// ListWorkoutsByOrder returns an event's workouts in workout order (order.go).
func (s *Store) ListWorkoutsByOrder(ctx context.Context, eventID string) (_ []Workout, err error) {
	defer apperr.Wrap(&err, "store.ListWorkoutsByOrder(%q)", eventID)
	return workoutsInOrder(collectWorkouts(s.db.Query(ctx, workoutSelect+` WHERE w.event_id = $1`, eventID)))
}

// GetWorkout returns one workout or ErrNotFound.
func (s *Store) GetWorkout(ctx context.Context, id string) (_ Workout, err error) {
	defer apperr.Wrap(&err, "store.GetWorkout(%q)", id)
	w, err := scanWorkout(s.db.QueryRow(ctx, workoutSelect+` WHERE w.id = $1`, id))
	return w, notFound(err)
}

// NextWorkoutOrder is the number after the highest workoutOrder of the event (1 when none),
// counted in 64 bits so that even an order stored before the limit cannot overflow.
func (s *Store) NextWorkoutOrder(ctx context.Context, eventID string) (_ int64, err error) {
	defer apperr.Wrap(&err, "store.NextWorkoutOrder(%q)", eventID)
	var n int64
	err = s.db.QueryRow(ctx, `SELECT COALESCE(max(workout_order), 0)::bigint + 1 FROM competition.workouts WHERE event_id = $1`, eventID).Scan(&n)
	return n, err
}

// CreateWorkout inserts a workout and returns it.
func (s *Store) CreateWorkout(ctx context.Context, w Workout) (_ Workout, err error) {
	defer apperr.Wrap(&err, "store.CreateWorkout(event %q)", w.EventID)
	return scanWorkout(s.db.QueryRow(ctx, `INSERT INTO competition.workouts AS w
		(event_id, name, description, score_type, time_cap_seconds, workout_order, part_of, parts)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		RETURNING w.id::text, w.event_id::text, w.name, w.description, w.score_type,
			w.time_cap_seconds, w.workout_order, w.weight, w.created_at, w.updated_at,
	w.release_at, w.submission_deadline, w.video_required, w.part_of::text, w.parts`,
		w.EventID, w.Name, w.Description, pg.Text(&w.ScoreType), w.TimeCapSeconds, w.WorkoutOrder, w.PartOf, w.Parts))
}

// UpdateWorkout replaces a workout's fields (not its event) and returns it, or ErrNotFound.
func (s *Store) UpdateWorkout(ctx context.Context, w Workout) (_ Workout, err error) {
	defer apperr.Wrap(&err, "store.UpdateWorkout(%q)", w.ID)
	out, err := scanWorkout(s.db.QueryRow(ctx, `UPDATE competition.workouts AS w SET
		name = $2, description = $3, score_type = $4, time_cap_seconds = $5, workout_order = $6,
		part_of = $7, parts = $8, updated_at = now()
		WHERE w.id = $1
		RETURNING w.id::text, w.event_id::text, w.name, w.description, w.score_type,
			w.time_cap_seconds, w.workout_order, w.weight, w.created_at, w.updated_at,
	w.release_at, w.submission_deadline, w.video_required, w.part_of::text, w.parts`,
		w.ID, w.Name, w.Description, pg.Text(&w.ScoreType), w.TimeCapSeconds, w.WorkoutOrder, w.PartOf, w.Parts))
	return out, notFound(err)
}

// SetWorkoutWeights sets the weight of each of the event's workouts to weights[id], 1 for a
// workout not in weights, and returns how many rows changed.
func (s *Store) SetWorkoutWeights(ctx context.Context, eventID string, weights map[string]float64) (_ int64, err error) {
	defer apperr.Wrap(&err, "store.SetWorkoutWeights(%q)", eventID)
	ids, values := make([]string, 0, len(weights)), make([]float64, 0, len(weights))
	for id, v := range weights {
		ids, values = append(ids, id), append(values, v)
	}
	tag, err := s.db.Exec(ctx, `UPDATE competition.workouts AS w SET weight = COALESCE(o.weight, 1), updated_at = now()
		FROM competition.workouts x LEFT JOIN unnest($2::uuid[], $3::double precision[]) AS o(id, weight) ON o.id = x.id
		WHERE x.id = w.id AND w.event_id = $1 AND w.weight IS DISTINCT FROM COALESCE(o.weight, 1)`, eventID, ids, values)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

// DeleteWorkout removes a workout or returns ErrNotFound.
func (s *Store) DeleteWorkout(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.DeleteWorkout(%q)", id)
	tag, err := s.db.Exec(ctx, `DELETE FROM competition.workouts WHERE id = $1`, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// NumberWorkouts sets workoutOrder 1..n following ids, for workouts of eventID only, and
// returns how many rows changed.
func (s *Store) NumberWorkouts(ctx context.Context, eventID string, ids []string) (_ int64, err error) {
	defer apperr.Wrap(&err, "store.NumberWorkouts(%q)", eventID)
	tag, err := s.db.Exec(ctx, `UPDATE competition.workouts AS w SET workout_order = o.n, updated_at = now()
		FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, n)
		WHERE w.id = o.id AND w.event_id = $1`, eventID, ids)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}
