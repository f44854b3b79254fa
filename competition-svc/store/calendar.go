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
}

// AthleteHeats returns the heats of the teams the athlete is on (captain, partner, or any place
// of a roster of another size, substitutes too), on a live registration of an event out of
// draft (the heats the heat mails tell them), by start time.
func (s *Store) AthleteHeats(ctx context.Context, athleteID string) (_ []MyHeat, err error) {
	defer apperr.Wrap(&err, "store.AthleteHeats(%q)", athleteID)
	rows, err := s.db.Query(ctx, `SELECT h.id::text, w.name, h.number, h.start_time, l.lane,
		COALESCE(w.time_cap_seconds, 0), t.name, e.id::text, e.name, e.location, e.time_zone, h.updated_at
		FROM competition.registrations r
		JOIN competition.events e ON e.id = r.event_id
		JOIN competition.teams t ON t.id = r.team_id
		JOIN competition.heat_lanes l ON l.team_id = r.team_id
		JOIN competition.heats h ON h.id = l.heat_id
		JOIN competition.workouts w ON w.id = h.workout_id
		WHERE (r.captain_id::text = $1 OR r.partner_id::text = $1 OR EXISTS (SELECT 1
			FROM competition.registration_places p WHERE p.registration_id = r.id AND p.athlete_id::text = $1))
		AND r.team_id IS NOT NULL
		AND r.state NOT IN ('withdrawn', 'refused') AND e.status <> 'DRAFT'
		ORDER BY h.start_time, w.name, h.number`, athleteID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[MyHeat])
}
