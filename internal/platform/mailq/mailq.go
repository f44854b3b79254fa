// Package mailq is the outgoing mail of the services: a queue table in the schema of the
// service that sends (written in the same transaction as what caused the mail, so a mail is
// never lost nor sent for something that did not happen) and a worker that sends what is
// queued through SMTP, retrying with backoff while the mail server is down. Without SMTP the
// mails stay queued, and admins read them on the console's Outbox page
// (docs/operations.md, "Mail").
package mailq

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/pg"
)

// Message is one mail to one recipient, in plain text.
type Message struct {
	To      string
	Subject string
	Text    string
	// Secret marks a text that carries something for its recipient alone: a confirmation or
	// reset link, an invitation's code. Staff read it only while no mail server is configured
	// and the mail waits, and each reading is kept (secrets.go).
	Secret bool
}

// Stored is a queued mail and how its delivery goes.
type Stored struct {
	Message
	ID            string
	CreatedAt     time.Time
	Attempts      int
	NextAttemptAt time.Time
	LastError     string
	// SentAt is nil while the mail waits.
	SentAt *time.Time
	// Readings are the staff's readings of a secret mail's text (ListForStaff).
	Readings []Reading
}

// Outbox is the queue table of one service: "<schema>.mail_outbox", created by a migration
// of that service (the columns: any service's *_mail_outbox.sql migration).
type Outbox struct {
	Schema   string
	table    string
	readings string
}

// New returns the outbox in schema.
func New(schema string) Outbox {
	return Outbox{Schema: schema, table: pgx.Identifier{schema, "mail_outbox"}.Sanitize(),
		readings: pgx.Identifier{schema, "mail_link_readings"}.Sanitize()}
}

// Enqueue queues m on db: the caller's transaction, so the mail is kept exactly when what
// caused it is.
func (o Outbox) Enqueue(ctx context.Context, db pg.DB, m Message) error {
	if m.To == "" || m.Subject == "" {
		return errors.New("mailq: a mail needs a recipient and a subject")
	}
	_, err := db.Exec(ctx, `INSERT INTO `+o.table+` (to_address, subject, body_text, secret) VALUES ($1, $2, $3, $4)`, m.To, m.Subject, m.Text, m.Secret)
	if err != nil {
		return fmt.Errorf("queue mail in %s: %w", o.Schema, err)
	}
	return nil
}

// List returns the newest limit mails, sent or not, newest first.
func (o Outbox) List(ctx context.Context, db pg.DB, limit int) ([]Stored, error) {
	rows, err := db.Query(ctx, `SELECT id::text, to_address, subject, body_text, secret, created_at, attempts, next_attempt_at, last_error, sent_at
		FROM `+o.table+` ORDER BY created_at DESC, id LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("list mail of %s: %w", o.Schema, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Stored, error) {
		var m Stored
		err := row.Scan(&m.ID, &m.To, &m.Subject, &m.Text, &m.Secret, &m.CreatedAt, &m.Attempts, &m.NextAttemptAt, &m.LastError, &m.SentAt)
		return m, err
	})
	if err != nil {
		return nil, fmt.Errorf("list mail of %s: %w", o.Schema, err)
	}
	return out, nil
}
