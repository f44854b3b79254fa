package store

import (
	"context"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// TeamRoster is a team's whole roster for ReplaceRosters.
type TeamRoster struct {
	TeamID   string
	Athletes []RosterAthlete
}

// ReplaceRosters writes teams' whole rosters as ReplaceRoster does one (the two name columns,
// the team touched, the places replaced), three statements per teamsChunk teams instead of
// three per team: a division's import writes its rosters this way (docs/boards.md, "Team
// imports"). Call it on a store bound to the transaction of the teams' other writes; a team
// that is not there is ErrNotFound.
func (s *Store) ReplaceRosters(ctx context.Context, rosters []TeamRoster) (err error) {
	defer apperr.Wrap(&err, "store.ReplaceRosters(%d)", len(rosters))
	for start := 0; start < len(rosters); start += teamsChunk {
		if err := s.replaceRosters(ctx, rosters[start:min(len(rosters), start+teamsChunk)]); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) replaceRosters(ctx context.Context, rosters []TeamRoster) (err error) {
	defer apperr.Wrap(&err, "store.replaceRosters(%d)", len(rosters))
	ids, firsts, seconds := make([]string, len(rosters)), make([]string, len(rosters)), make([]string, len(rosters))
	var teams, names, accounts, categories, births []string
	var positions []int
	var subs, captains []bool
	for i, r := range rosters {
		ids[i] = r.TeamID
		for _, a := range r.Athletes {
			switch a.Position {
			case 1:
				firsts[i] = a.Name
			case 2:
				seconds[i] = a.Name
			}
			teams, positions, names, accounts = append(teams, r.TeamID), append(positions, a.Position), append(names, a.Name), append(accounts, a.AthleteID)
			categories, births = append(categories, a.Category), append(births, a.BirthDate)
			subs, captains = append(subs, a.Substitute), append(captains, a.Captain)
		}
	}
	// The names first, as ReplaceRoster: the per-row trigger that keeps places 1 and 2 from
	// them (0940_rosters.sql) then finds the places it would write replaced below.
	tag, err := s.db.Exec(ctx, `UPDATE competition.teams t SET athlete1_name = u.first, athlete2_name = u.second, updated_at = now()
		FROM unnest($1::uuid[], $2::text[], $3::text[]) AS u(id, first, second) WHERE t.id = u.id`, ids, firsts, seconds)
	if err != nil {
		return err
	}
	if int(tag.RowsAffected()) != len(rosters) {
		return ErrNotFound
	}
	if _, err := s.db.Exec(ctx, `DELETE FROM competition.team_athletes WHERE team_id = ANY($1::uuid[])`, ids); err != nil {
		return err
	}
	if len(teams) == 0 {
		return nil
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.team_athletes
		(team_id, position, name, athlete_id, category, birth_date, substitute, captain)
		SELECT t, p, n, nullif(a, '')::uuid, c, nullif(b, '')::date, s, k
		FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bool[], $8::bool[]) AS x(t, p, n, a, c, b, s, k)`,
		teams, positions, names, accounts, categories, births, subs, captains)
	return err
}
