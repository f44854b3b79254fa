package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// MyHeat is one heat of an athlete's team, with what its calendar entry shows.
type MyHeat struct {
	HeatID         string
	WorkoutName    string
	HeatNumber     int32
	StartTime      time.Time
	Lane           int32
	TimeCapSeconds int32
	TeamName       string
	EventID        string
	EventName      string
	Location       string
	TimeZone       string
	UpdatedAt      time.Time
	// PlannedStart differs from StartTime after a schedule shift; DivisionName is the standard
	// the team competes at (My heats, docs/competition-day.md).
	PlannedStart time.Time
	DivisionName string
	TeamID       string
}

// AthleteHeats returns the heats of the teams of a live registration of an event out of draft
// on which the athlete holds a place: captain, partner, or any place of a roster of another
// size, substitutes too (docs/rosters.md), by current start time. Each heat of each team once.
func (s *Store) AthleteHeats(ctx context.Context, athleteID string) (_ []MyHeat, err error) {
	defer apperr.Wrap(&err, "store.AthleteHeats(%q)", athleteID)
	rows, err := s.db.Query(ctx, `SELECT h.id::text, w.name, h.number, h.start_time, l.lane,
		COALESCE(w.time_cap_seconds, 0), t.name, e.id::text, e.name, e.location, e.time_zone, h.updated_at,
		h.planned_start, d.name, t.id::text
		FROM competition.heat_lanes l
		JOIN competition.heats h ON h.id = l.heat_id
		JOIN competition.workouts w ON w.id = h.workout_id
		JOIN competition.teams t ON t.id = l.team_id
		JOIN competition.divisions d ON d.id = t.division_id
		JOIN competition.events e ON e.id = h.event_id
		WHERE e.status <> 'DRAFT' AND EXISTS (SELECT 1 FROM competition.registrations r
			WHERE r.team_id = t.id AND r.state NOT IN ('withdrawn', 'refused')
			AND (r.captain_id::text = $1 OR r.partner_id::text = $1
				OR EXISTS (SELECT 1 FROM competition.registration_places p WHERE p.registration_id = r.id AND p.athlete_id::text = $1)
				OR EXISTS (SELECT 1 FROM competition.team_athletes a WHERE a.team_id = t.id AND a.athlete_id::text = $1)))
		ORDER BY h.start_time, w.name, h.number`, athleteID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[MyHeat])
}
