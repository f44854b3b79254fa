package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// teamSelect reads a team with the athlete accounts of the registration it was made from
// (captain: athlete 1, partner: athlete 2) and its captain's club and country, left out once
// the account is deleted (its name is then FormerAthlete: store.ForgetAthlete).
const teamSelect = `SELECT t.id::text, t.event_id::text, e.name, t.division_id::text, d.name, t.name,
	t.athlete1_name, t.athlete2_name, t.created_at, t.updated_at,
	coalesce(CASE WHEN r.captain_name <> '` + FormerAthlete + `' THEN r.captain_id::text END, ''),
	coalesce(CASE WHEN r.partner_name <> '` + FormerAthlete + `' THEN r.partner_id::text END, ''),
	coalesce(CASE WHEN r.captain_name <> '` + FormerAthlete + `' THEN r.captain_club END, ''),
	coalesce(CASE WHEN r.captain_name <> '` + FormerAthlete + `' THEN r.captain_country END, '')
	FROM competition.teams t
	JOIN competition.divisions d ON d.id = t.division_id
	JOIN competition.events e ON e.id = t.event_id
	LEFT JOIN competition.registrations r ON r.team_id = t.id`

func scanTeam(row pgx.Row) (Team, error) {
	var t Team
	err := row.Scan(&t.ID, &t.EventID, &t.EventName, &t.DivisionID, &t.DivisionName, &t.Name,
		&t.Athlete1Name, &t.Athlete2Name, &t.CreatedAt, &t.UpdatedAt, &t.Athlete1ID, &t.Athlete2ID, &t.Club, &t.Country)
	return t, err
}

func collectTeams(rows pgx.Rows, err error) ([]Team, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Team{}
	for rows.Next() {
		t, err := scanTeam(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// ListTeams returns every team in natural name order.
func (s *Store) ListTeams(ctx context.Context) (_ []Team, err error) {
	defer apperr.Wrap(&err, "store.ListTeams()")
	return s.withRosters(ctx, "")(teamsByName(collectTeams(s.db.Query(ctx, teamSelect))))
}

// ListEventTeams returns an event's teams in natural name order.
func (s *Store) ListEventTeams(ctx context.Context, eventID string) (_ []Team, err error) {
	defer apperr.Wrap(&err, "store.ListEventTeams(%q)", eventID)
	return s.withRosters(ctx, eventID)(teamsByName(collectTeams(s.db.Query(ctx, teamSelect+` WHERE t.event_id = $1`, eventID))))
}

// ListDivisionTeams returns a division's teams in natural name order.
func (s *Store) ListDivisionTeams(ctx context.Context, divisionID string) (_ []Team, err error) {
	defer apperr.Wrap(&err, "store.ListDivisionTeams(%q)", divisionID)
	return s.withRosters(ctx, "")(teamsByName(collectTeams(s.db.Query(ctx, teamSelect+` WHERE t.division_id = $1`, divisionID))))
}

// GetTeam returns one team or ErrNotFound.
func (s *Store) GetTeam(ctx context.Context, id string) (_ Team, err error) {
	defer apperr.Wrap(&err, "store.GetTeam(%q)", id)
	t, err := scanTeam(s.db.QueryRow(ctx, teamSelect+` WHERE t.id = $1`, id))
	if err != nil {
		return t, notFound(err)
	}
	teams, err := s.withRosters(ctx, "")([]Team{t}, nil)
	if err != nil {
		return t, err
	}
	return teams[0], nil
}

// GetTeams returns the teams with the given ids in the order of ids (ids not found are left
// out).
func (s *Store) GetTeams(ctx context.Context, ids []string) (_ []Team, err error) {
	defer apperr.Wrap(&err, "store.GetTeams()")
	teams, err := s.withRosters(ctx, "")(collectTeams(s.db.Query(ctx, teamSelect+` WHERE t.id = ANY($1::uuid[])`, ids)))
	if err != nil {
		return nil, err
	}
	byID := make(map[string]Team, len(teams))
	for _, t := range teams {
		byID[t.ID] = t
	}
	out := make([]Team, 0, len(ids))
	for _, id := range ids {
		if t, ok := byID[id]; ok {
			out = append(out, t)
		}
	}
	return out, nil
}

// CreateTeam inserts a team and returns its id. The division must belong to t.EventID (the
// foreign key enforces it).
func (s *Store) CreateTeam(ctx context.Context, t Team) (_ string, err error) {
	defer apperr.Wrap(&err, "store.CreateTeam(division %q)", t.DivisionID)
	var id string
	err = s.db.QueryRow(ctx, `INSERT INTO competition.teams (event_id, division_id, name, athlete1_name, athlete2_name)
		VALUES ($1, $2, $3, $4, $5) RETURNING id::text`,
		t.EventID, t.DivisionID, t.Name, t.Athlete1Name, t.Athlete2Name).Scan(&id)
	return id, err
}

// UpdateTeam changes a team's name, division and athletes, or returns ErrNotFound.
func (s *Store) UpdateTeam(ctx context.Context, t Team) (err error) {
	defer apperr.Wrap(&err, "store.UpdateTeam(%q)", t.ID)
	tag, err := s.db.Exec(ctx, `UPDATE competition.teams SET name = $2, division_id = $3,
		athlete1_name = $4, athlete2_name = $5, updated_at = now() WHERE id = $1`,
		t.ID, t.Name, t.DivisionID, t.Athlete1Name, t.Athlete2Name)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// DeleteTeam removes a team or returns ErrNotFound.
func (s *Store) DeleteTeam(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.DeleteTeam(%q)", id)
	tag, err := s.db.Exec(ctx, `DELETE FROM competition.teams WHERE id = $1`, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// CountTeamsByDivision counts an event's teams by division id.
func (s *Store) CountTeamsByDivision(ctx context.Context, eventID string) (_ map[string]int, err error) {
	defer apperr.Wrap(&err, "store.CountTeamsByDivision(%q)", eventID)
	rows, err := s.db.Query(ctx, `SELECT division_id::text, count(*) FROM competition.teams WHERE event_id = $1 GROUP BY division_id`, eventID)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	var division string
	var n int
	_, err = pgx.ForEachRow(rows, []any{&division, &n}, func() error {
		out[division] = n
		return nil
	})
	return out, err
}

// TeamName is a name a write would give a team in a division; ExceptID is the team itself
// when it is renamed ("" for a new team).
type TeamName struct {
	DivisionID string
	Name       string
	ExceptID   string
}

// NameCheck is what the division says about one TeamName: its comparison key and the name of
// another team that already holds that key ("" when none).
type NameCheck struct {
	Key   string
	Taken string
}

// CheckTeamNames compares names as the unique index does (team_name_key, migration
// 0320_team_names_unique.sql), one answer per name in the order given.
func (s *Store) CheckTeamNames(ctx context.Context, names []TeamName) (_ []NameCheck, err error) {
	defer apperr.Wrap(&err, "store.CheckTeamNames()")
	divisions, texts, except := make([]string, len(names)), make([]string, len(names)), make([]string, len(names))
	for i, n := range names {
		divisions[i], texts[i], except[i] = n.DivisionID, n.Name, n.ExceptID
	}
	rows, err := s.db.Query(ctx, `SELECT competition.team_name_key(i.name),
		COALESCE((SELECT t.name FROM competition.teams t
			WHERE t.division_id = i.division_id
			AND competition.team_name_key(t.name) = competition.team_name_key(i.name)
			AND t.id::text <> i.except_id
			ORDER BY t.created_at LIMIT 1), '')
		FROM unnest($1::uuid[], $2::text[], $3::text[]) WITH ORDINALITY AS i(division_id, name, except_id, ord)
		ORDER BY i.ord`, divisions, texts, except)
	if err != nil {
		return nil, err
	}
	out := make([]NameCheck, 0, len(names))
	var c NameCheck
	_, err = pgx.ForEachRow(rows, []any{&c.Key, &c.Taken}, func() error {
		out = append(out, c)
		return nil
	})
	return out, err
}

// IsTeamNameTaken reports the unique index's refusal of a name already in the division.
func IsTeamNameTaken(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == "teams_division_name_key"
}
