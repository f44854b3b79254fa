package store

import (
	"context"
	"errors"
	"slices"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/names"
)

// FormerAthlete is what a deleted athlete is called in teams and registrations: the name
// reserved for it (internal/platform/names), which no profile can take.
const FormerAthlete = names.FormerAthlete

// ForgetAthlete replaces a deleted athlete's name and address in their registrations and the
// teams made from them with FormerAthlete, in the store's transaction, and returns the events
// whose teams changed. Published results stay with the team. Then the athlete's other traces
// go (forgetTraces).
func (s *Store) ForgetAthlete(ctx context.Context, userID, email, name string) (regs int, events []string, err error) {
	defer apperr.Wrap(&err, "store.ForgetAthlete(%q)", userID)
	// Before the registrations lose the name: the activity of the athlete's registrations and
	// invitations is found by them.
	if err := s.forgetTraces(ctx, userID, email, name); err != nil {
		return 0, nil, err
	}
	if err := s.forgetWaivers(ctx, userID, email); err != nil {
		return 0, nil, err
	}
	if err := s.forgetEligibility(ctx, userID, email); err != nil {
		return 0, nil, err
	}
	if err := s.forgetPlaces(ctx, userID, email); err != nil {
		return 0, nil, err
	}
	if err := s.forgetTransfers(ctx, userID, email); err != nil {
		return 0, nil, err
	}
	if err := s.forgetMessages(ctx, userID, email); err != nil {
		return 0, nil, err
	}
	if err := s.forgetHeatReminders(ctx, userID); err != nil {
		return 0, nil, err
	}
	if err := s.forgetPush(ctx, userID); err != nil {
		return 0, nil, err
	}
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
	if err := rows.Err(); err != nil {
		return 0, nil, err
	}
	more, err := s.forgetRosterPlaces(ctx, userID)
	if err != nil {
		return 0, nil, err
	}
	for _, e := range more {
		if !slices.Contains(events, e) {
			events = append(events, e)
		}
	}
	return regs, events, nil
}

// forgetRosterPlaces erases the roster places still holding a deleted athlete's account (the
// places 1 and 2 of their registrations' teams are already "Former athlete" by the names
// trigger; others, such as a place an organiser kept for them, not yet) and returns their
// events. Places 1 and 2 write the teams' name columns too, which the previous release reads.
func (s *Store) forgetRosterPlaces(ctx context.Context, userID string) (_ []string, err error) {
	defer apperr.Wrap(&err, "store.forgetRosterPlaces(%q)", userID)
	rows, err := s.db.Query(ctx, `WITH places AS (
			UPDATE competition.team_athletes SET name = $2, athlete_id = NULL, birth_date = NULL
			WHERE athlete_id = $1 RETURNING team_id, position),
		touched AS (
			UPDATE competition.teams t SET
				athlete1_name = CASE WHEN EXISTS (SELECT 1 FROM places p WHERE p.team_id = t.id AND p.position = 1) THEN $2 ELSE t.athlete1_name END,
				athlete2_name = CASE WHEN EXISTS (SELECT 1 FROM places p WHERE p.team_id = t.id AND p.position = 2) THEN $2 ELSE t.athlete2_name END,
				updated_at = now()
			WHERE t.id IN (SELECT team_id FROM places) RETURNING t.event_id)
		SELECT DISTINCT event_id::text FROM touched`, userID, FormerAthlete)
	if err != nil {
		return nil, err
	}
	events, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	// Their check-ins keep whether the place was present, not whose account it was.
	_, err = s.db.Exec(ctx, `UPDATE competition.athlete_checkins SET athlete_id = NULL WHERE athlete_id = $1`, userID)
	return events, err
}

// forgetTraces erases what else names a deleted athlete (docs/access.md, "Athletes"): the
// invitations to their address (an invitation naming a partner by address, the invitations
// to a final), who did what in registrations and invitations, the activity feed (as actor,
// and their name or address in the entries of their registrations and invitations), and the
// mails: those to their address, sent or not, are deleted, their name and address leave the
// mails to others. email and name may be empty (an erasure queued before they were kept).
func (s *Store) forgetTraces(ctx context.Context, userID, email, name string) (err error) {
	defer apperr.Wrap(&err, "store.forgetTraces(%q)", userID)
	const theirs = `(SELECT id FROM competition.registrations WHERE captain_id = $1 OR partner_id = $1
		OR ($2 <> '' AND lower(partner_email) = lower($2))
		UNION SELECT id FROM competition.final_invitations WHERE captain_id = $1 OR partner_id = $1)`
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`UPDATE competition.activity SET summary = replace(replace(summary, $3, $4), $2, $4)
			WHERE (($3 <> '' AND strpos(summary, $3) > 0) OR ($2 <> '' AND strpos(summary, $2) > 0))
			AND (entity_id IN ` + theirs + ` OR ($2 <> '' AND lower(actor) = lower($2)))`, []any{userID, email, name, FormerAthlete}},
		{`UPDATE competition.activity SET actor = $2 WHERE $1 <> '' AND lower(actor) = lower($1)`, []any{email, FormerAthlete}},
		{`UPDATE competition.registrations SET partner_email = '', updated_at = now()
			WHERE partner_id IS NULL AND $1 <> '' AND lower(partner_email) = lower($1)`, []any{email}},
		{`UPDATE competition.registrations SET
			paid_by = CASE WHEN lower(paid_by) = lower($1) THEN $2 ELSE paid_by END,
			approved_by = CASE WHEN lower(approved_by) = lower($1) THEN $2 ELSE approved_by END,
			refund_requested_by = CASE WHEN lower(refund_requested_by) = lower($1) THEN $2 ELSE refund_requested_by END
			WHERE $1 <> '' AND lower($1) IN (lower(paid_by), lower(approved_by), lower(refund_requested_by))`, []any{email, FormerAthlete}},
		{`UPDATE competition.final_invitations SET
			captain_name = CASE WHEN captain_id = $1 THEN $3 ELSE captain_name END,
			captain_email = CASE WHEN captain_id = $1 THEN '' ELSE captain_email END,
			partner_name = CASE WHEN partner_id = $1 THEN $3 ELSE partner_name END,
			partner_email = CASE WHEN partner_id = $1 THEN '' ELSE partner_email END,
			decided_by = CASE WHEN $2 <> '' AND lower(decided_by) = lower($2) THEN $3 ELSE decided_by END
			WHERE captain_id = $1 OR partner_id = $1 OR ($2 <> '' AND lower(decided_by) = lower($2))`, []any{userID, email, FormerAthlete}},
		{`DELETE FROM competition.mail_outbox WHERE $1 <> '' AND lower(to_address) = lower($1)`, []any{email}},
		{`UPDATE competition.mail_outbox SET subject = replace(replace(subject, $1, $3), $2, $3),
			body_text = replace(replace(body_text, $1, $3), $2, $3)
			WHERE ($1 <> '' AND (strpos(subject, $1) > 0 OR strpos(body_text, $1) > 0))
			OR ($2 <> '' AND (strpos(subject, $2) > 0 OR strpos(body_text, $2) > 0))`, []any{name, email, FormerAthlete}},
	} {
		if _, err := s.db.Exec(ctx, q.sql, q.args...); err != nil {
			return err
		}
	}
	return nil
}

// erasureFeed names the erasure feed's row in competition.feed_cursors.
const erasureFeed = "erasures"

// ErasureCursor is the position of auth-svc's erasure feed applied here.
func (s *Store) ErasureCursor(ctx context.Context) (seq int64, err error) {
	defer apperr.Wrap(&err, "store.ErasureCursor()")
	err = s.db.QueryRow(ctx, `SELECT seq FROM competition.feed_cursors WHERE feed = $1`, erasureFeed).Scan(&seq)
	return seq, err
}

// LockErasureCursor takes the erasure feed's cursor for the store's transaction and returns
// its position; ok is false while another transaction (another replica) holds it.
func (s *Store) LockErasureCursor(ctx context.Context) (seq int64, ok bool, err error) {
	defer apperr.Wrap(&err, "store.LockErasureCursor()")
	err = s.db.QueryRow(ctx, `SELECT seq FROM competition.feed_cursors WHERE feed = $1 FOR UPDATE SKIP LOCKED`, erasureFeed).Scan(&seq)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	return seq, err == nil, err
}

// SetErasureCursor moves the erasure feed's cursor to seq, in the store's transaction.
func (s *Store) SetErasureCursor(ctx context.Context, seq int64) (err error) {
	defer apperr.Wrap(&err, "store.SetErasureCursor(%d)", seq)
	_, err = s.db.Exec(ctx, `UPDATE competition.feed_cursors SET seq = $2 WHERE feed = $1`, erasureFeed, seq)
	return err
}
