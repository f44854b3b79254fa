package store

import (
	"context"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// teamsChunk bounds the rows of one insert of CreateTeams: a division's whole import (100,000
// teams) is twenty statements, each one round trip, instead of a statement a team.
const teamsChunk = 5000

// CreateTeams inserts teams, in the caller's transaction, and returns their ids in order. The
// ids are drawn first, so each row's id is known whatever order the insert returns them in.
// The divisions must belong to the teams' events (the foreign key enforces it).
func (s *Store) CreateTeams(ctx context.Context, teams []Team) (_ []string, err error) {
	defer apperr.Wrap(&err, "store.CreateTeams(%d)", len(teams))
	ids := make([]string, 0, len(teams))
	for start := 0; start < len(teams); start += teamsChunk {
		chunk := teams[start:min(len(teams), start+teamsChunk)]
		n := len(chunk)
		rows, err := s.db.Query(ctx, `SELECT gen_random_uuid()::text FROM generate_series(1, $1)`, n)
		if err != nil {
			return nil, err
		}
		drawn := make([]string, 0, n)
		var id string
		for rows.Next() {
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, err
			}
			drawn = append(drawn, id)
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
		events, divisions, names := make([]string, n), make([]string, n), make([]string, n)
		first, second := make([]string, n), make([]string, n)
		for i, t := range chunk {
			events[i], divisions[i], names[i], first[i], second[i] = t.EventID, t.DivisionID, t.Name, t.Athlete1Name, t.Athlete2Name
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO competition.teams (id, event_id, division_id, name, athlete1_name, athlete2_name)
			SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[])`,
			drawn, events, divisions, names, first, second); err != nil {
			return nil, err
		}
		ids = append(ids, drawn...)
	}
	return ids, nil
}
