package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// CheckInTeam is a team on the check-in screen: its athletes, registration (if any) and
// whether it is present.
type CheckInTeam struct {
	TeamID         string
	TeamName       string
	DivisionID     string
	DivisionName   string
	Athlete1Name   string
	Athlete2Name   string
	RegistrationID string
	// Checked is false while nobody said present or absent.
	Checked bool
	Present bool
	At      *time.Time
	By      string
}

// ListCheckIn returns an event's teams with their check-in, in the store's team order.
func (s *Store) ListCheckIn(ctx context.Context, eventID string) (_ []CheckInTeam, err error) {
	defer apperr.Wrap(&err, "store.ListCheckIn(%q)", eventID)
	rows, err := s.db.Query(ctx, `SELECT t.id::text, t.name, t.division_id::text, d.name, t.athlete1_name, t.athlete2_name,
			coalesce((SELECT r.id::text FROM competition.registrations r WHERE r.team_id = t.id), ''),
			c.team_id IS NOT NULL, coalesce(c.present, false), c.at, coalesce(c.by_actor, '')
		FROM competition.teams t
		JOIN competition.divisions d ON d.id = t.division_id
		LEFT JOIN competition.team_checkins c ON c.team_id = t.id
		WHERE t.event_id = $1`, eventID)
	if err != nil {
		return nil, err
	}
	teams, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (CheckInTeam, error) {
		var c CheckInTeam
		err := row.Scan(&c.TeamID, &c.TeamName, &c.DivisionID, &c.DivisionName, &c.Athlete1Name, &c.Athlete2Name,
			&c.RegistrationID, &c.Checked, &c.Present, &c.At, &c.By)
		return c, err
	})
	if err != nil {
		return nil, err
	}
	checkInInOrder(teams)
	return teams, nil
}

// SetCheckIn records a team present or absent.
func (s *Store) SetCheckIn(ctx context.Context, eventID, teamID string, present bool, actor string) (err error) {
	defer apperr.Wrap(&err, "store.SetCheckIn(%q, %q)", eventID, teamID)
	_, err = s.db.Exec(ctx, `INSERT INTO competition.team_checkins (team_id, event_id, present, by_actor) VALUES ($1, $2, $3, $4)
		ON CONFLICT (team_id) DO UPDATE SET present = EXCLUDED.present, by_actor = EXCLUDED.by_actor, at = now()`,
		teamID, eventID, present, actor)
	return err
}

// PresentTeams returns the ids of an event's teams checked in as present.
func (s *Store) PresentTeams(ctx context.Context, eventID string) (_ map[string]bool, err error) {
	defer apperr.Wrap(&err, "store.PresentTeams(%q)", eventID)
	rows, err := s.db.Query(ctx, `SELECT team_id::text FROM competition.team_checkins WHERE event_id = $1 AND present`, eventID)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}
