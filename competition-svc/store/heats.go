package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Heat is one start of a workout (migrations/0190_heats.sql).
type Heat struct {
	ID        string
	EventID   string
	WorkoutID string
	Number    int32
	// StartTime is the heat's current start; PlannedStart the one the organiser set, which a
	// schedule shift keeps (migrations/1085_heat_planned_start.sql).
	StartTime    time.Time
	PlannedStart time.Time
	Lanes        []Lane
}

// Lane is a team's place in a heat.
type Lane struct {
	Lane       int32
	TeamID     string
	TeamName   string
	DivisionID string
	// AthleteNames are the team's starting athletes in roster order (docs/rosters.md), TeamSize
	// its division's size: the lane lists show them beside the team (heats.md).
	AthleteNames []string
	TeamSize     int32
}

// Constraints the use cases turn into messages.
const (
	ConstraintTeamOnce   = "heat_lanes_team_once"
	ConstraintNumberOnce = "heats_number_once"
)

// Violates reports whether err is a unique violation of constraint.
func Violates(err error, constraint string) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == constraint
}

// heatSelect reads heats with their lanes, one row a lane (a heat without lanes: one row with
// a null lane).
const heatSelect = `SELECT h.id::text, h.event_id::text, h.workout_id::text, h.number, h.start_time, h.planned_start,
	l.lane, l.team_id::text, t.name, t.division_id::text, d.team_size,
	(SELECT array_agg(a.name ORDER BY a.position) FROM competition.team_athletes a WHERE a.team_id = l.team_id AND NOT a.substitute)
	FROM competition.heats h
	LEFT JOIN competition.heat_lanes l ON l.heat_id = h.id
	LEFT JOIN competition.teams t ON t.id = l.team_id
	LEFT JOIN competition.divisions d ON d.id = t.division_id`

func collectHeats(rows pgx.Rows, err error) ([]Heat, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Heat{}
	for rows.Next() {
		var h Heat
		var lane *int32
		var teamID, teamName, divisionID *string
		var teamSize *int32
		var athletes []string
		if err := rows.Scan(&h.ID, &h.EventID, &h.WorkoutID, &h.Number, &h.StartTime, &h.PlannedStart, &lane, &teamID, &teamName, &divisionID,
			&teamSize, &athletes); err != nil {
			return nil, err
		}
		if n := len(out); n == 0 || out[n-1].ID != h.ID {
			h.Lanes = []Lane{}
			out = append(out, h)
		}
		if lane != nil {
			last := &out[len(out)-1]
			last.Lanes = append(last.Lanes, Lane{Lane: *lane, TeamID: *teamID, TeamName: *teamName, DivisionID: *divisionID,
				AthleteNames: athletes, TeamSize: *teamSize})
		}
	}
	return out, rows.Err()
}

// ListHeats returns a workout's heats by number, their lanes by lane.
func (s *Store) ListHeats(ctx context.Context, workoutID string) (_ []Heat, err error) {
	defer apperr.Wrap(&err, "store.ListHeats(%q)", workoutID)
	return collectHeats(s.db.Query(ctx, heatSelect+` WHERE h.workout_id = $1 ORDER BY h.number, h.id, l.lane`, workoutID))
}

// ListEventHeats returns every heat of an event, in workout order (order.go), then by number.
func (s *Store) ListEventHeats(ctx context.Context, eventID string) (_ []Heat, err error) {
	defer apperr.Wrap(&err, "store.ListEventHeats(%q)", eventID)
	workouts, err := s.ListWorkoutsByOrder(ctx, eventID)
	if err != nil {
		return nil, err
	}
	heats, err := collectHeats(s.db.Query(ctx, heatSelect+` WHERE h.event_id = $1 ORDER BY h.number, h.id, l.lane`, eventID))
	if err != nil {
		return nil, err
	}
	return heatsInWorkoutOrder(workouts, heats), nil
}

// GetHeat returns one heat or ErrNotFound.
func (s *Store) GetHeat(ctx context.Context, id string) (_ Heat, err error) {
	defer apperr.Wrap(&err, "store.GetHeat(%q)", id)
	heats, err := collectHeats(s.db.Query(ctx, heatSelect+` WHERE h.id = $1 ORDER BY l.lane`, id))
	if err != nil {
		return Heat{}, err
	}
	if len(heats) == 0 {
		return Heat{}, ErrNotFound
	}
	return heats[0], nil
}

// LockWorkout takes the row lock of a workout: every change to its heats holds it, so moves
// between heats of one workout take turns. ErrNotFound when the workout is gone.
func (s *Store) LockWorkout(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.LockWorkout(%q)", id)
	var got string
	return notFound(s.db.QueryRow(ctx, `SELECT id::text FROM competition.workouts WHERE id = $1 FOR UPDATE`, id).Scan(&got))
}

// NextHeatNumber is the number after the workout's highest heat number (1 when none).
func (s *Store) NextHeatNumber(ctx context.Context, workoutID string) (_ int32, err error) {
	defer apperr.Wrap(&err, "store.NextHeatNumber(%q)", workoutID)
	var n int32
	err = s.db.QueryRow(ctx, `SELECT COALESCE(max(number), 0) + 1 FROM competition.heats WHERE workout_id = $1`, workoutID).Scan(&n)
	return n, err
}

// InsertHeat adds a heat without lanes and returns its id; its start is also its planned start.
func (s *Store) InsertHeat(ctx context.Context, h Heat) (_ string, err error) {
	defer apperr.Wrap(&err, "store.InsertHeat(event %q)", h.EventID)
	var id string
	err = s.db.QueryRow(ctx, `INSERT INTO competition.heats (event_id, workout_id, number, start_time, planned_start)
		VALUES ($1, $2, $3, $4, $4) RETURNING id::text`, h.EventID, h.WorkoutID, h.Number, h.StartTime).Scan(&id)
	return id, err
}

// UpdateHeat changes a heat's number and start time. A start given by hand that differs from
// the current one is the heat's new plan; the same start (a change of lanes or number after a
// schedule shift) keeps the planned one.
func (s *Store) UpdateHeat(ctx context.Context, id string, number int32, start time.Time) (err error) {
	defer apperr.Wrap(&err, "store.UpdateHeat(%q)", id)
	tag, err := s.db.Exec(ctx, `UPDATE competition.heats SET number = $2, start_time = $3,
		planned_start = CASE WHEN start_time = $3 THEN planned_start ELSE $3 END, updated_at = now()
		WHERE id = $1`, id, number, start)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return err
}

// SetLanes replaces a heat's lanes. Teams it names leave any other heat of the workout first,
// so a move is one statement set in the caller's transaction.
func (s *Store) SetLanes(ctx context.Context, h Heat, lanes []Lane) (err error) {
	defer apperr.Wrap(&err, "store.SetLanes(%q)", h.ID)
	lanesOf := make([]int32, len(lanes))
	teams := make([]string, len(lanes))
	for i, l := range lanes {
		lanesOf[i], teams[i] = l.Lane, l.TeamID
	}
	if _, err := s.db.Exec(ctx, `DELETE FROM competition.heat_lanes
		WHERE heat_id = $1 OR (workout_id = $2 AND team_id = ANY($3::uuid[]))`, h.ID, h.WorkoutID, teams); err != nil {
		return err
	}
	if len(lanes) == 0 {
		return nil
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.heat_lanes (heat_id, workout_id, event_id, lane, team_id)
		SELECT $1, $2, $3, x.lane, x.team_id FROM unnest($4::int[], $5::uuid[]) AS x(lane, team_id)`,
		h.ID, h.WorkoutID, h.EventID, lanesOf, teams)
	return err
}

// DeleteHeat removes a heat with its lanes; ErrNotFound when there was none.
func (s *Store) DeleteHeat(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.DeleteHeat(%q)", id)
	tag, err := s.db.Exec(ctx, `DELETE FROM competition.heats WHERE id = $1`, id)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return err
}

// DeleteWorkoutHeats removes every heat of a workout.
func (s *Store) DeleteWorkoutHeats(ctx context.Context, workoutID string) (err error) {
	defer apperr.Wrap(&err, "store.DeleteWorkoutHeats(%q)", workoutID)
	_, err = s.db.Exec(ctx, `DELETE FROM competition.heats WHERE workout_id = $1`, workoutID)
	return err
}

// TeamSlot is one heat a team races in: the workout, the heat's number and start, the lane.
type TeamSlot struct {
	TeamID      string
	WorkoutName string
	HeatNumber  int32
	StartTime   time.Time
	Lane        int32
	// PlannedStart differs from StartTime after a schedule shift.
	PlannedStart time.Time
}

// TeamSlots returns the heats of the given teams, by start time.
func (s *Store) TeamSlots(ctx context.Context, teamIDs []string) (_ []TeamSlot, err error) {
	defer apperr.Wrap(&err, "store.TeamSlots()")
	rows, err := s.db.Query(ctx, `SELECT l.team_id::text, w.name, h.number, h.start_time, l.lane, h.planned_start
		FROM competition.heat_lanes l
		JOIN competition.heats h ON h.id = l.heat_id
		JOIN competition.workouts w ON w.id = h.workout_id
		WHERE l.team_id = ANY($1::uuid[]) ORDER BY h.start_time, w.name, h.number`, teamIDs)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[TeamSlot])
}
