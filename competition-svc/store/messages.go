package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The messages' tables (migrations/1060_messages.sql): what an organiser sent to a group of an
// event and to whom.

// Message is one message sent to a group of an event.
type Message struct {
	ID, EventID             string
	Audience, AudienceLabel string
	// TargetID is the division or heat the audience names ("" for the others).
	TargetID      string
	Subject, Body string
	SentBy        string
	SentAt        time.Time
	Recipients    []MessageRecipient
}

// MessageRecipient is one person a message went to.
type MessageRecipient struct {
	// RegistrationID and AthleteID are "" for a judge without them.
	RegistrationID, AthleteID string
	Name, Email               string
}

// InsertMessage stores a message and its recipients, in the caller's transaction.
func (s *Store) InsertMessage(ctx context.Context, m Message) (err error) {
	defer apperr.Wrap(&err, "store.InsertMessage(%q)", m.ID)
	if _, err := s.db.Exec(ctx, `INSERT INTO competition.messages
		(id, event_id, audience, audience_label, target_id, subject, body, sent_by, sent_at)
		VALUES ($1, $2, $3, $4, nullif($5, '')::uuid, $6, $7, $8, $9)`,
		m.ID, m.EventID, m.Audience, m.AudienceLabel, m.TargetID, m.Subject, m.Body, m.SentBy, m.SentAt); err != nil {
		return err
	}
	regs, athletes, names, emails := make([]string, len(m.Recipients)), make([]string, len(m.Recipients)),
		make([]string, len(m.Recipients)), make([]string, len(m.Recipients))
	for i, r := range m.Recipients {
		regs[i], athletes[i], names[i], emails[i] = r.RegistrationID, r.AthleteID, r.Name, r.Email
	}
	// One statement for every recipient: a message to the whole event is one round trip.
	_, err = s.db.Exec(ctx, `INSERT INTO competition.message_recipients
		(message_id, position, registration_id, athlete_id, name, email)
		SELECT $1, r.n, nullif(r.reg, '')::uuid, nullif(r.athlete, '')::uuid, r.name, r.email
		FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS r(reg, athlete, name, email, n)`,
		m.ID, regs, athletes, names, emails)
	return err
}

const messageSelect = `SELECT m.id::text, m.event_id::text, m.audience, m.audience_label, coalesce(m.target_id::text, ''),
	m.subject, m.body, m.sent_by, m.sent_at FROM competition.messages m`

func collectMessages(rows pgx.Rows, err error) ([]Message, error) {
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (Message, error) {
		var m Message
		err := row.Scan(&m.ID, &m.EventID, &m.Audience, &m.AudienceLabel, &m.TargetID, &m.Subject, &m.Body, &m.SentBy, &m.SentAt)
		return m, err
	})
}

// EventMessages returns an event's messages, newest first, each with its recipients.
func (s *Store) EventMessages(ctx context.Context, eventID string) (_ []Message, err error) {
	defer apperr.Wrap(&err, "store.EventMessages(%q)", eventID)
	out, err := collectMessages(s.db.Query(ctx, messageSelect+` WHERE m.event_id = $1 ORDER BY m.sent_at DESC, m.seq DESC`, eventID))
	if err != nil || len(out) == 0 {
		return []Message{}, err
	}
	rows, err := s.db.Query(ctx, `SELECT r.message_id::text, coalesce(r.registration_id::text, ''), coalesce(r.athlete_id::text, ''),
			r.name, r.email
		FROM competition.message_recipients r JOIN competition.messages m ON m.id = r.message_id
		WHERE m.event_id = $1 ORDER BY r.message_id, r.position`, eventID)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*Message, len(out))
	for i := range out {
		out[i].Recipients = []MessageRecipient{}
		byID[out[i].ID] = &out[i]
	}
	var id string
	var r MessageRecipient
	_, err = pgx.ForEachRow(rows, []any{&id, &r.RegistrationID, &r.AthleteID, &r.Name, &r.Email}, func() error {
		if m := byID[id]; m != nil {
			m.Recipients = append(m.Recipients, r)
		}
		return nil
	})
	return out, err
}

// AthleteMessages returns the messages of an event sent to the athlete, newest first (no
// recipients).
func (s *Store) AthleteMessages(ctx context.Context, eventID, athleteID string) (_ []Message, err error) {
	defer apperr.Wrap(&err, "store.AthleteMessages(%q, %q)", eventID, athleteID)
	return collectMessages(s.db.Query(ctx, messageSelect+` WHERE m.event_id = $1 AND EXISTS (
		SELECT 1 FROM competition.message_recipients r WHERE r.message_id = m.id AND r.athlete_id = $2)
		ORDER BY m.sent_at DESC, m.seq DESC`, eventID, athleteID))
}

// forgetMessages erases a deleted athlete from the messages' recipients (docs/competition-day.md,
// "Messages"): the row stays, so the count of a message stays, without their name or address.
func (s *Store) forgetMessages(ctx context.Context, userID, email string) (err error) {
	defer apperr.Wrap(&err, "store.forgetMessages(%q)", userID)
	_, err = s.db.Exec(ctx, `UPDATE competition.message_recipients SET name = $2, email = ''
		WHERE athlete_id = $1 OR ($3 <> '' AND lower(email) = lower($3))`, userID, FormerAthlete, email)
	return err
}
