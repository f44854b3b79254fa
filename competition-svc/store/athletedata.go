package store

import (
	"context"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/names"
)

// FormerAthlete is what a deleted athlete is called in teams and registrations: the name
// reserved for it (internal/platform/names), which no profile can take.
const FormerAthlete = names.FormerAthlete

// ForgetAthlete replaces a deleted athlete's name and address in their registrations and the
// teams made from them with FormerAthlete, in the store's transaction, and returns the events
// whose teams changed. Published results stay with the team.
func (s *Store) ForgetAthlete(ctx context.Context, userID string) (regs int, events []string, err error) {
	defer apperr.Wrap(&err, "store.ForgetAthlete()")
	rows, err := s.db.Query(ctx, `WITH captain AS (
			UPDATE competition.registrations SET captain_name = $2, captain_email = '', updated_at = now()
			WHERE captain_id = $1 RETURNING id, event_id, team_id),
		partner AS (
			UPDATE competition.registrations SET partner_name = $2, partner_email = '', updated_at = now()
			WHERE partner_id = $1 RETURNING id, event_id, team_id),
		t1 AS (
			UPDATE competition.teams t SET athlete1_name = $2, updated_at = now() FROM captain c
			WHERE t.id = c.team_id RETURNING t.event_id),
		t2 AS (
			UPDATE competition.teams t SET athlete2_name = $2, updated_at = now() FROM partner p
			WHERE t.id = p.team_id RETURNING t.event_id)
		SELECT (SELECT count(*) FROM captain) + (SELECT count(*) FROM partner),
			coalesce((SELECT array_agg(DISTINCT e::text) FROM (SELECT event_id FROM t1 UNION SELECT event_id FROM t2) x(e)), '{}')`,
		userID, FormerAthlete)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		if err := rows.Scan(&regs, &events); err != nil {
			return 0, nil, err
		}
	}
	return regs, events, rows.Err()
}
