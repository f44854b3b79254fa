package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The qualifier's final and its invitations (migration 0640_final_invitations.sql,
// docs/qualifiers.md "Invitations to the final").

// FinalLink is a qualifier's final and where each of its divisions goes.
type FinalLink struct {
	QualifierEventID string
	FinalEventID     string
	AcceptDays       int32
	UpdatedBy        string
	// Divisions maps a qualifier division's id to the final's division id.
	Divisions map[string]string
}

// GetFinalLink returns a qualifier's final, or ErrNotFound.
func (s *Store) GetFinalLink(ctx context.Context, qualifierEventID string) (_ FinalLink, err error) {
	defer apperr.Wrap(&err, "store.GetFinalLink(%q)", qualifierEventID)
	l := FinalLink{QualifierEventID: qualifierEventID, Divisions: map[string]string{}}
	err = s.db.QueryRow(ctx, `SELECT final_event_id::text, accept_days, updated_by FROM competition.final_links
		WHERE qualifier_event_id = $1`, qualifierEventID).Scan(&l.FinalEventID, &l.AcceptDays, &l.UpdatedBy)
	if err != nil {
		return l, notFound(err)
	}
	rows, err := s.db.Query(ctx, `SELECT qualifier_division_id::text, final_division_id::text
		FROM competition.final_division_links WHERE qualifier_event_id = $1`, qualifierEventID)
	if err != nil {
		return l, err
	}
	pairs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) ([2]string, error) {
		var p [2]string
		return p, row.Scan(&p[0], &p[1])
	})
	for _, p := range pairs {
		l.Divisions[p[0]] = p[1]
	}
	return l, err
}

// SetFinalLink stores a qualifier's final and replaces its division pairs.
func (s *Store) SetFinalLink(ctx context.Context, l FinalLink) (err error) {
	defer apperr.Wrap(&err, "store.SetFinalLink(%q)", l.QualifierEventID)
	if _, err := s.db.Exec(ctx, `INSERT INTO competition.final_links (qualifier_event_id, final_event_id, accept_days, updated_by)
		VALUES ($1, $2, $3, $4) ON CONFLICT (qualifier_event_id) DO UPDATE SET final_event_id = $2, accept_days = $3,
		updated_by = $4, updated_at = now()`, l.QualifierEventID, l.FinalEventID, l.AcceptDays, l.UpdatedBy); err != nil {
		return err
	}
	if _, err := s.db.Exec(ctx, `DELETE FROM competition.final_division_links WHERE qualifier_event_id = $1`, l.QualifierEventID); err != nil {
		return err
	}
	for q, f := range l.Divisions {
		if _, err := s.db.Exec(ctx, `INSERT INTO competition.final_division_links (qualifier_division_id, qualifier_event_id,
			final_division_id) VALUES ($1, $2, $3)`, q, l.QualifierEventID, f); err != nil {
			return err
		}
	}
	return nil
}

// FinalInvitation is one team's invitation to a division of the final.
type FinalInvitation struct {
	ID                                   string
	QualifierEventID, QualifierEventName string
	QualifierDivisionID                  string
	FinalEventID, FinalEventName         string
	// The final's time zone: its mails give the deadline in it.
	FinalTimeZone string
	// FinalLanguage is the final's default language (its mails', docs/architecture.md, "Languages").
	FinalLanguage                        string
	FinalDivisionID, FinalDivisionName   string
	TeamID, TeamName                     string
	Rank                                 int32
	CaptainID, CaptainName, CaptainEmail string
	PartnerID, PartnerName, PartnerEmail string
	State                                string
	Deadline                             time.Time
	RemindedAt                           *time.Time
	RegistrationID                       string
	InvitedBy                            string
	InvitedAt                            time.Time
	DecidedBy                            string
	DecidedAt                            *time.Time
}

const invitationSelect = `SELECT i.id::text, i.qualifier_event_id::text, qe.name, i.qualifier_division_id::text,
	i.final_event_id::text, fe.name, fe.time_zone, fe.default_language, i.final_division_id::text, fd.name, i.team_id::text, i.team_name, i.rank,
	i.captain_id::text, i.captain_name, i.captain_email, i.partner_id::text, i.partner_name, i.partner_email,
	i.state, i.deadline, i.reminded_at, coalesce(i.registration_id::text, ''), i.invited_by, i.invited_at,
	i.decided_by, i.decided_at
	FROM competition.final_invitations i
	JOIN competition.events qe ON qe.id = i.qualifier_event_id
	JOIN competition.events fe ON fe.id = i.final_event_id
	JOIN competition.divisions fd ON fd.id = i.final_division_id`

func scanInvitation(row pgx.Row) (FinalInvitation, error) {
	var i FinalInvitation
	err := row.Scan(&i.ID, &i.QualifierEventID, &i.QualifierEventName, &i.QualifierDivisionID, &i.FinalEventID,
		&i.FinalEventName, &i.FinalTimeZone, &i.FinalLanguage, &i.FinalDivisionID, &i.FinalDivisionName, &i.TeamID, &i.TeamName, &i.Rank,
		&i.CaptainID, &i.CaptainName, &i.CaptainEmail, &i.PartnerID, &i.PartnerName, &i.PartnerEmail,
		&i.State, &i.Deadline, &i.RemindedAt, &i.RegistrationID, &i.InvitedBy, &i.InvitedAt, &i.DecidedBy, &i.DecidedAt)
	return i, notFound(err)
}

func collectInvitations(rows pgx.Rows, err error) ([]FinalInvitation, error) {
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (FinalInvitation, error) { return scanInvitation(row) })
}

// ListQualifierInvitations returns a qualifier's invitations, oldest first.
func (s *Store) ListQualifierInvitations(ctx context.Context, qualifierEventID string) (_ []FinalInvitation, err error) {
	defer apperr.Wrap(&err, "store.ListQualifierInvitations(%q)", qualifierEventID)
	return collectInvitations(s.db.Query(ctx, invitationSelect+` WHERE i.qualifier_event_id = $1
		ORDER BY i.invited_at, i.id`, qualifierEventID))
}

// ListAthleteInvitations returns the invitations of the teams userID is captain or partner
// of, newest first.
func (s *Store) ListAthleteInvitations(ctx context.Context, userID string) (_ []FinalInvitation, err error) {
	defer apperr.Wrap(&err, "store.ListAthleteInvitations(%q)", userID)
	return collectInvitations(s.db.Query(ctx, invitationSelect+` WHERE i.captain_id = $1 OR i.partner_id = $1
		ORDER BY i.invited_at DESC, i.id`, userID))
}

// GetFinalInvitation returns one invitation or ErrNotFound.
func (s *Store) GetFinalInvitation(ctx context.Context, id string) (_ FinalInvitation, err error) {
	defer apperr.Wrap(&err, "store.GetFinalInvitation(%q)", id)
	return scanInvitation(s.db.QueryRow(ctx, invitationSelect+` WHERE i.id = $1`, id))
}

// LockFinalInvitation returns an invitation and holds its row until the transaction ends.
func (s *Store) LockFinalInvitation(ctx context.Context, id string) (_ FinalInvitation, err error) {
	defer apperr.Wrap(&err, "store.LockFinalInvitation(%q)", id)
	return scanInvitation(s.db.QueryRow(ctx, invitationSelect+` WHERE i.id = $1 FOR UPDATE OF i`, id))
}

// CreateFinalInvitation inserts an invitation and returns its id; "" when the team was
// invited to that division already.
func (s *Store) CreateFinalInvitation(ctx context.Context, i FinalInvitation) (_ string, err error) {
	defer apperr.Wrap(&err, "store.CreateFinalInvitation(%q, team %q)", i.FinalDivisionID, i.TeamID)
	var id string
	err = s.db.QueryRow(ctx, `INSERT INTO competition.final_invitations (qualifier_event_id, qualifier_division_id,
		final_event_id, final_division_id, team_id, team_name, rank, captain_id, captain_name, captain_email,
		partner_id, partner_name, partner_email, state, deadline, invited_by, invited_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'invited', $14, $15, $16)
		ON CONFLICT (final_division_id, team_id) DO NOTHING RETURNING id::text`,
		i.QualifierEventID, i.QualifierDivisionID, i.FinalEventID, i.FinalDivisionID, i.TeamID, i.TeamName, i.Rank,
		i.CaptainID, i.CaptainName, i.CaptainEmail, i.PartnerID, i.PartnerName, i.PartnerEmail, i.Deadline,
		i.InvitedBy, i.InvitedAt).Scan(&id)
	if err == pgx.ErrNoRows { //nolint:errorlint // QueryRow returns it unwrapped
		return "", nil
	}
	return id, err
}

// DecideFinalInvitation records an invitation's end: accepted (with the registration),
// declined or expired.
func (s *Store) DecideFinalInvitation(ctx context.Context, i FinalInvitation) (err error) {
	defer apperr.Wrap(&err, "store.DecideFinalInvitation(%q)", i.ID)
	var reg *string
	if i.RegistrationID != "" {
		reg = &i.RegistrationID
	}
	_, err = s.db.Exec(ctx, `UPDATE competition.final_invitations SET state = $2, decided_by = $3, decided_at = $4,
		registration_id = $5 WHERE id = $1`, i.ID, i.State, i.DecidedBy, i.DecidedAt, reg)
	return err
}

// DueFinalInvitations returns the final divisions and ids of open invitations whose deadline
// has passed at now, at most limit.
func (s *Store) DueFinalInvitations(ctx context.Context, now time.Time, limit int) (_ []FinalInvitation, err error) {
	defer apperr.Wrap(&err, "store.DueFinalInvitations()")
	return collectInvitations(s.db.Query(ctx, invitationSelect+` WHERE i.state = 'invited' AND i.deadline <= $1
		ORDER BY i.deadline, i.id LIMIT $2`, now, limit))
}

// ClaimReminders marks the open invitations whose deadline is within window of now, that
// were not reminded yet and that lived longer than window, and returns them: the caller queues their mails in the same
// transaction, so each is reminded once whatever the number of workers.
func (s *Store) ClaimReminders(ctx context.Context, now time.Time, window time.Duration, limit int) (_ []FinalInvitation, err error) {
	defer apperr.Wrap(&err, "store.ClaimReminders()")
	rows, err := s.db.Query(ctx, `UPDATE competition.final_invitations SET reminded_at = $1 WHERE id IN (
		SELECT id FROM competition.final_invitations WHERE state = 'invited' AND reminded_at IS NULL
		AND deadline > $1 AND deadline <= $1 + make_interval(secs => $2)
		AND invited_at < deadline - make_interval(secs => $2) ORDER BY deadline LIMIT $3 FOR UPDATE SKIP LOCKED)
		RETURNING id::text`, now, window.Seconds(), limit)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	return collectInvitations(s.db.Query(ctx, invitationSelect+` WHERE i.id = ANY($1::uuid[]) ORDER BY i.deadline`, ids))
}
