package store

import (
	"context"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// SetRosterAccounts gives a team's roster places the athletes' accounts, accounts[i] on
// position i+1 ("" leaves a place without one): registration writes its captain and partner on
// places 1 and 2 in the transaction that writes the team (docs/rosters.md). A place not on the
// roster is left alone.
func (s *Store) SetRosterAccounts(ctx context.Context, teamID string, accounts ...string) (err error) {
	defer apperr.Wrap(&err, "store.SetRosterAccounts(%q)", teamID)
	positions := make([]int, len(accounts))
	for i := range accounts {
		positions[i] = i + 1
	}
	_, err = s.db.Exec(ctx, `UPDATE competition.team_athletes a SET athlete_id = nullif(x.id, '')::uuid
		FROM unnest($2::int[], $3::text[]) AS x(p, id)
		WHERE a.team_id = $1 AND a.position = x.p AND a.athlete_id IS DISTINCT FROM nullif(x.id, '')::uuid`,
		teamID, positions, accounts)
	return err
}
