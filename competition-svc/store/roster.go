package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// RosterAthlete is one place on a team's roster (docs/rosters.md). Position orders the places
// (1, 2, …); the starting athletes come before the substitutes.
type RosterAthlete struct {
	Position   int
	Name       string
	AthleteID  string // "" for a name typed in by hand or an erased account
	Category   string
	BirthDate  string // YYYY-MM-DD or ""
	Substitute bool
	Captain    bool
}

// CompositionRule is how many athletes of one category a team of the division needs.
type CompositionRule struct {
	Category string `json:"category"`
	Count    int    `json:"count"`
}

// RosterRules are a division's rules for its teams' rosters: size 1 is an individual
// division, 2 (the default) pairs, up to 8.
type RosterRules struct {
	TeamSize    int
	Substitutes int
	Composition []CompositionRule
	// An age range in whole years on AgeOn (YYYY-MM-DD); nil bounds are open, "" AgeOn: none.
	AgeMin, AgeMax *int
	AgeOn          string
}

// DivisionRosterRules returns a division's roster rules or ErrNotFound.
func (s *Store) DivisionRosterRules(ctx context.Context, divisionID string) (_ RosterRules, err error) {
	defer apperr.Wrap(&err, "store.DivisionRosterRules(%q)", divisionID)
	rules, err := s.rosterRules(ctx, `WHERE id = $1`, divisionID)
	if err != nil {
		return RosterRules{}, err
	}
	r, ok := rules[divisionID]
	if !ok {
		return RosterRules{}, ErrNotFound
	}
	return r, nil
}

// EventRosterRules returns the roster rules of an event's divisions by division id.
func (s *Store) EventRosterRules(ctx context.Context, eventID string) (_ map[string]RosterRules, err error) {
	defer apperr.Wrap(&err, "store.EventRosterRules(%q)", eventID)
	return s.rosterRules(ctx, `WHERE event_id = $1`, eventID)
}

func (s *Store) rosterRules(ctx context.Context, where string, arg string) (_ map[string]RosterRules, err error) {
	defer apperr.Wrap(&err, "store.rosterRules()")
	rows, err := s.db.Query(ctx, `SELECT id::text, team_size, substitutes, composition, age_min, age_max,
		coalesce(to_char(age_on, 'YYYY-MM-DD'), '') FROM competition.divisions `+where, arg)
	if err != nil {
		return nil, err
	}
	out := map[string]RosterRules{}
	var id string
	var r RosterRules
	var composition []byte
	_, err = pgx.ForEachRow(rows, []any{&id, &r.TeamSize, &r.Substitutes, &composition, &r.AgeMin, &r.AgeMax, &r.AgeOn}, func() error {
		rules := r
		rules.Composition = nil
		if err := json.Unmarshal(composition, &rules.Composition); err != nil {
			return err
		}
		out[id] = rules
		return nil
	})
	return out, err
}

// SetDivisionRosterRules stores a division's roster rules (checked by the caller), or returns
// ErrNotFound.
func (s *Store) SetDivisionRosterRules(ctx context.Context, divisionID string, r RosterRules) (err error) {
	defer apperr.Wrap(&err, "store.SetDivisionRosterRules(%q)", divisionID)
	composition := r.Composition
	if composition == nil {
		composition = []CompositionRule{}
	}
	raw, err := json.Marshal(composition)
	if err != nil {
		return err
	}
	var ageOn *string
	if r.AgeOn != "" {
		ageOn = &r.AgeOn
	}
	tag, err := s.db.Exec(ctx, `UPDATE competition.divisions SET team_size = $2, substitutes = $3,
		composition = $4, age_min = $5, age_max = $6, age_on = $7::date, updated_at = now() WHERE id = $1`,
		divisionID, r.TeamSize, r.Substitutes, raw, r.AgeMin, r.AgeMax, ageOn)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// Rosters returns the rosters of the given teams by team id, each in position order (a team
// without athletes is absent).
func (s *Store) Rosters(ctx context.Context, teamIDs []string) (_ map[string][]RosterAthlete, err error) {
	defer apperr.Wrap(&err, "store.Rosters()")
	return collectRosters(s.db.Query(ctx, rosterSelect+` WHERE team_id = ANY($1::uuid[]) ORDER BY team_id, position`, teamIDs))
}

// EventRosters returns the rosters of every team of an event by team id.
func (s *Store) EventRosters(ctx context.Context, eventID string) (_ map[string][]RosterAthlete, err error) {
	defer apperr.Wrap(&err, "store.EventRosters(%q)", eventID)
	return collectRosters(s.db.Query(ctx, rosterSelect+` WHERE team_id IN
		(SELECT id FROM competition.teams WHERE event_id = $1) ORDER BY team_id, position`, eventID))
}

const rosterSelect = `SELECT team_id::text, position, name, coalesce(athlete_id::text, ''), category,
	coalesce(to_char(birth_date, 'YYYY-MM-DD'), ''), substitute, captain FROM competition.team_athletes`

func collectRosters(rows pgx.Rows, err error) (map[string][]RosterAthlete, error) {
	if err != nil {
		return nil, err
	}
	out := map[string][]RosterAthlete{}
	var team string
	var a RosterAthlete
	_, err = pgx.ForEachRow(rows, []any{&team, &a.Position, &a.Name, &a.AthleteID, &a.Category, &a.BirthDate, &a.Substitute, &a.Captain}, func() error {
		out[team] = append(out[team], a)
		return nil
	})
	return out, err
}

// withRosters fills in the rosters of teams read (eventID: the event all of them are of, ""
// when they may be of several): withRosters(ctx, id)(collectTeams(…)).
func (s *Store) withRosters(ctx context.Context, eventID string) func([]Team, error) ([]Team, error) {
	return func(teams []Team, err error) ([]Team, error) {
		if err != nil || len(teams) == 0 {
			return teams, err
		}
		var rosters map[string][]RosterAthlete
		if eventID != "" {
			rosters, err = s.EventRosters(ctx, eventID)
		} else {
			ids := make([]string, len(teams))
			for i, t := range teams {
				ids[i] = t.ID
			}
			rosters, err = s.Rosters(ctx, ids)
		}
		if err != nil {
			return nil, err
		}
		for i := range teams {
			teams[i].Roster = rosters[teams[i].ID]
		}
		return teams, nil
	}
}

// ReplaceRoster writes a team's whole roster (positions as given) and the two name columns the
// previous release reads (positions 1 and 2), and touches the team (its public version). Call it
// on a store bound to the transaction of the team's other writes.
func (s *Store) ReplaceRoster(ctx context.Context, teamID string, athletes []RosterAthlete) (err error) {
	defer apperr.Wrap(&err, "store.ReplaceRoster(%q)", teamID)
	var first, second string
	for _, a := range athletes {
		switch a.Position {
		case 1:
			first = a.Name
		case 2:
			second = a.Name
		}
	}
	tag, err := s.db.Exec(ctx, `UPDATE competition.teams SET athlete1_name = $2, athlete2_name = $3, updated_at = now()
		WHERE id = $1`, teamID, first, second)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	if _, err := s.db.Exec(ctx, `DELETE FROM competition.team_athletes WHERE team_id = $1`, teamID); err != nil {
		return err
	}
	if len(athletes) == 0 {
		return nil
	}
	n := len(athletes)
	positions, names, accounts, categories, births := make([]int, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	subs, captains := make([]bool, n), make([]bool, n)
	for i, a := range athletes {
		positions[i], names[i], accounts[i], categories[i], births[i] = a.Position, a.Name, a.AthleteID, a.Category, a.BirthDate
		subs[i], captains[i] = a.Substitute, a.Captain
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.team_athletes
		(team_id, position, name, athlete_id, category, birth_date, substitute, captain)
		SELECT $1, p, n, nullif(a, '')::uuid, c, nullif(b, '')::date, s, k
		FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bool[], $8::bool[]) AS x(p, n, a, c, b, s, k)`,
		teamID, positions, names, accounts, categories, births, subs, captains)
	return err
}

// RosterEntry is a roster place of another team of a division, for the rule that an athlete
// is on one team of a division only.
type RosterEntry struct {
	TeamID, TeamName string
	RosterAthlete
}

// DivisionRosterEntries returns every roster place of a division's teams.
func (s *Store) DivisionRosterEntries(ctx context.Context, divisionID string) (_ []RosterEntry, err error) {
	defer apperr.Wrap(&err, "store.DivisionRosterEntries(%q)", divisionID)
	rows, err := s.db.Query(ctx, `SELECT t.id::text, t.name, a.position, a.name, coalesce(a.athlete_id::text, ''),
		a.category, coalesce(to_char(a.birth_date, 'YYYY-MM-DD'), ''), a.substitute, a.captain
		FROM competition.team_athletes a JOIN competition.teams t ON t.id = a.team_id
		WHERE t.division_id = $1 ORDER BY t.id, a.position`, divisionID)
	if err != nil {
		return nil, err
	}
	var out []RosterEntry
	var e RosterEntry
	_, err = pgx.ForEachRow(rows, []any{&e.TeamID, &e.TeamName, &e.Position, &e.Name, &e.AthleteID, &e.Category, &e.BirthDate, &e.Substitute, &e.Captain}, func() error {
		out = append(out, e)
		return nil
	})
	return out, err
}

// EventRosterLock returns when an event's rosters lock (nil: never) or ErrNotFound.
func (s *Store) EventRosterLock(ctx context.Context, eventID string) (_ *time.Time, err error) {
	defer apperr.Wrap(&err, "store.EventRosterLock(%q)", eventID)
	var at *time.Time
	err = s.db.QueryRow(ctx, `SELECT roster_lock_at FROM competition.events WHERE id = $1`, eventID).Scan(&at)
	return at, notFound(err)
}

// SetEventRosterLock sets or clears (nil) when an event's rosters lock, or returns ErrNotFound.
func (s *Store) SetEventRosterLock(ctx context.Context, eventID string, at *time.Time) (err error) {
	defer apperr.Wrap(&err, "store.SetEventRosterLock(%q)", eventID)
	tag, err := s.db.Exec(ctx, `UPDATE competition.events SET roster_lock_at = $2, updated_at = now() WHERE id = $1`, eventID, at)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}
