package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Grant is a user's access to one event.
type Grant struct {
	UserID string
	Role   string
}

// GrantRoles returns, for each event that the ids of kind ("event", "division", "team",
// "workout", "heat" or "registration") belong to, the grant userID holds there ("" for none).
func (s *Store) GrantRoles(ctx context.Context, userID, kind string, ids []string) (_ map[string]string, err error) {
	defer apperr.Wrap(&err, "store.GrantRoles(%q)", userID)
	var from string
	switch kind {
	case "event":
		from = `SELECT id AS event_id FROM competition.events WHERE id = ANY($1::uuid[])`
	case "division":
		from = `SELECT event_id FROM competition.divisions WHERE id = ANY($1::uuid[])`
	case "team":
		from = `SELECT event_id FROM competition.teams WHERE id = ANY($1::uuid[])`
	case "workout":
		from = `SELECT event_id FROM competition.workouts WHERE id = ANY($1::uuid[])`
	case "heat":
		from = `SELECT event_id FROM competition.heats WHERE id = ANY($1::uuid[])`
	case "registration":
		from = `SELECT event_id FROM competition.registrations WHERE id = ANY($1::uuid[])`
	default:
		return nil, fmt.Errorf("store: unknown kind %q", kind)
	}
	rows, err := s.db.Query(ctx, `SELECT DISTINCT x.event_id::text, coalesce(g.role, '')
		FROM (`+from+`) x LEFT JOIN competition.event_grants g ON g.event_id = x.event_id AND g.user_id = $2`, ids, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var event, role string
		if err := rows.Scan(&event, &role); err != nil {
			return nil, err
		}
		out[event] = role
	}
	return out, rows.Err()
}

// GrantedEvents returns the ids of the events userID holds a grant on.
func (s *Store) GrantedEvents(ctx context.Context, userID string) (_ map[string]bool, err error) {
	defer apperr.Wrap(&err, "store.GrantedEvents(%q)", userID)
	rows, err := s.db.Query(ctx, `SELECT event_id::text FROM competition.event_grants WHERE user_id = $1`, userID)
	if err != nil {
		return nil, err
	}
	events, err := pgx.CollectRows(rows, pgx.RowTo[string])
	out := make(map[string]bool, len(events))
	for _, e := range events {
		out[e] = true
	}
	return out, err
}

// ListGrants returns an event's grants.
func (s *Store) ListGrants(ctx context.Context, eventID string) (_ []Grant, err error) {
	defer apperr.Wrap(&err, "store.ListGrants(%q)", eventID)
	rows, err := s.db.Query(ctx, `SELECT user_id::text, role FROM competition.event_grants WHERE event_id = $1 ORDER BY created_at, user_id`, eventID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Grant])
}

// PutGrant gives userID role on eventID, replacing any grant the user held there.
func (s *Store) PutGrant(ctx context.Context, eventID, userID, role string) (err error) {
	defer apperr.Wrap(&err, "store.PutGrant(%q, %q)", eventID, userID)
	_, err = s.PutGrantReturningPrevious(ctx, eventID, userID, role)
	return err
}

// PutGrantReturningPrevious is PutGrant that also returns the role the user held before ("" for
// none), for the activity feed; run it in a transaction (InTx), so the two stay one change.
func (s *Store) PutGrantReturningPrevious(ctx context.Context, eventID, userID, role string) (_ string, err error) {
	defer apperr.Wrap(&err, "store.PutGrantReturningPrevious(%q, %q)", eventID, userID)
	var previous string
	err = s.db.QueryRow(ctx, `SELECT role FROM competition.event_grants WHERE event_id = $1 AND user_id = $2 FOR UPDATE`,
		eventID, userID).Scan(&previous)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return "", err
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.event_grants (event_id, user_id, role) VALUES ($1, $2, $3)
		ON CONFLICT (event_id, user_id) DO UPDATE SET role = EXCLUDED.role`, eventID, userID, role)
	return previous, err
}

// DeleteGrant removes userID's grant on eventID and returns the role it gave; ErrNotFound when
// there was none.
func (s *Store) DeleteGrant(ctx context.Context, eventID, userID string) (_ string, err error) {
	defer apperr.Wrap(&err, "store.DeleteGrant(%q, %q)", eventID, userID)
	var role string
	err = s.db.QueryRow(ctx, `DELETE FROM competition.event_grants WHERE event_id = $1 AND user_id = $2 RETURNING role`,
		eventID, userID).Scan(&role)
	return role, notFound(err)
}
