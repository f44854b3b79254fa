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
	// Athletes is the team's roster, starting athletes then substitutes, each with their own
	// check-in.
	Athletes []CheckInAthlete
}

// CheckInAthlete is one roster place at the door and whether its athlete is present.
type CheckInAthlete struct {
	RosterAthlete
	Checked bool
	Present bool
	At      *time.Time
	By      string
}

// ListCheckIn returns an event's teams with their check-in and their athletes', in the store's
// team order.
func (s *Store) ListCheckIn(ctx context.Context, eventID string) (_ []CheckInTeam, err error) {
	defer apperr.Wrap(&err, "store.ListCheckIn(%q)", eventID)
	teams, err := s.checkInTeams(ctx, `t.event_id = $1`, eventID)
	if err != nil {
		return nil, err
	}
	checkInInOrder(teams)
	return teams, nil
}

// CheckInTeamOf returns one team with its check-in and its athletes', or ErrNotFound.
func (s *Store) CheckInTeamOf(ctx context.Context, teamID string) (_ CheckInTeam, err error) {
	defer apperr.Wrap(&err, "store.CheckInTeamOf(%q)", teamID)
	teams, err := s.checkInTeams(ctx, `t.id = $1`, teamID)
	if err != nil {
		return CheckInTeam{}, err
	}
	if len(teams) == 0 {
		return CheckInTeam{}, ErrNotFound
	}
	return teams[0], nil
}

// checkInTeams reads the teams where says (on t, teams) with their rosters and check-ins.
func (s *Store) checkInTeams(ctx context.Context, where string, arg string) (_ []CheckInTeam, err error) {
	defer apperr.Wrap(&err, "store.checkInTeams()")
	rows, err := s.db.Query(ctx, `SELECT t.id::text, t.name, t.division_id::text, d.name, t.athlete1_name, t.athlete2_name,
			coalesce((SELECT r.id::text FROM competition.registrations r WHERE r.team_id = t.id), ''),
			c.team_id IS NOT NULL, coalesce(c.present, false), c.at, coalesce(c.by_actor, '')
		FROM competition.teams t
		JOIN competition.divisions d ON d.id = t.division_id
		LEFT JOIN competition.team_checkins c ON c.team_id = t.id
		WHERE `+where, arg)
	if err != nil {
		return nil, err
	}
	teams, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (CheckInTeam, error) {
		var c CheckInTeam
		err := row.Scan(&c.TeamID, &c.TeamName, &c.DivisionID, &c.DivisionName, &c.Athlete1Name, &c.Athlete2Name,
			&c.RegistrationID, &c.Checked, &c.Present, &c.At, &c.By)
		return c, err
	})
	if err != nil || len(teams) == 0 {
		return teams, err
	}
	// The places and their marks: a mark counts while its place holds the account it was made
	// for (a place another athlete took since is not checked in).
	rows, err = s.db.Query(ctx, `SELECT a.team_id::text, a.position, a.name, coalesce(a.athlete_id::text, ''), a.category,
			coalesce(to_char(a.birth_date, 'YYYY-MM-DD'), ''), a.substitute, a.captain,
			c.team_id IS NOT NULL, coalesce(c.present, false), c.at, coalesce(c.by_actor, '')
		FROM competition.team_athletes a
		JOIN competition.teams t ON t.id = a.team_id
		LEFT JOIN competition.athlete_checkins c ON c.team_id = a.team_id AND c.position = a.position
			AND c.athlete_id IS NOT DISTINCT FROM a.athlete_id
		WHERE `+where+` ORDER BY a.team_id, a.position`, arg)
	if err != nil {
		return nil, err
	}
	byTeam := map[string][]CheckInAthlete{}
	var team string
	var a CheckInAthlete
	if _, err := pgx.ForEachRow(rows, []any{&team, &a.Position, &a.Name, &a.AthleteID, &a.Category, &a.BirthDate, &a.Substitute, &a.Captain,
		&a.Checked, &a.Present, &a.At, &a.By}, func() error {
		byTeam[team] = append(byTeam[team], a)
		return nil
	}); err != nil {
		return nil, err
	}
	for i := range teams {
		teams[i].Athletes = byTeam[teams[i].TeamID]
	}
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

// LockCheckIn takes a team's check-in lock for the rest of the transaction: two athletes of one
// team marked at once both see the other's mark when they decide the team's presence.
func (s *Store) LockCheckIn(ctx context.Context, teamID string) (err error) {
	defer apperr.Wrap(&err, "store.LockCheckIn(%q)", teamID)
	var id string
	err = s.db.QueryRow(ctx, `SELECT id::text FROM competition.teams WHERE id = $1 FOR NO KEY UPDATE`, teamID).Scan(&id)
	return notFound(err)
}

// SetAthleteCheckIn records the athlete on a team's roster place present or absent (athleteID:
// the place's account, "" for a name typed by hand).
func (s *Store) SetAthleteCheckIn(ctx context.Context, eventID, teamID string, position int, athleteID string, present bool, actor string) (err error) {
	defer apperr.Wrap(&err, "store.SetAthleteCheckIn(%q, %q, %d)", eventID, teamID, position)
	_, err = s.db.Exec(ctx, `INSERT INTO competition.athlete_checkins (team_id, event_id, position, athlete_id, present, by_actor)
		VALUES ($1, $2, $3, nullif($4, '')::uuid, $5, $6)
		ON CONFLICT (team_id, position) DO UPDATE SET athlete_id = EXCLUDED.athlete_id, present = EXCLUDED.present,
			by_actor = EXCLUDED.by_actor, at = now()`,
		teamID, eventID, position, athleteID, present, actor)
	return err
}
