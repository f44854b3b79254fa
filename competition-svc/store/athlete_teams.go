package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/words"
)

// AthleteTeamRef is a team an athlete account is on: the team of one of its confirmed
// registrations.
type AthleteTeamRef struct {
	TeamID  string
	EventID string
}

// ListAthleteTeams returns the teams made from the athlete's registrations (as captain,
// partner, or any place of a roster of another size, substitutes too) in events with one of
// statuses, newest event first.
func (s *Store) ListAthleteTeams(ctx context.Context, userID string, statuses []typesv1.EventStatus) (_ []AthleteTeamRef, err error) {
	defer apperr.Wrap(&err, "store.ListAthleteTeams(%q)", userID)
	rows, err := s.db.Query(ctx, `SELECT t.id::text, t.event_id::text
		FROM competition.registrations r
		JOIN competition.teams t ON t.id = r.team_id
		JOIN competition.events e ON e.id = t.event_id
		WHERE (r.captain_id = $1 OR r.partner_id = $1 OR EXISTS (SELECT 1
			FROM competition.registration_places p WHERE p.registration_id = r.id AND p.athlete_id = $1))
		AND e.status = ANY($2)
		ORDER BY e.date_from DESC, e.name, t.id`, userID, words.Strings(statuses))
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[AthleteTeamRef])
}
