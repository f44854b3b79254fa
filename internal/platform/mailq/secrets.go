package mailq

import (
	"context"
	"fmt"
	"time"

	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/pg"
)

// Secret mails (Message.Secret) on the Outbox page: with a mail server configured the
// recipient's mailbox is the only place their secret is read, so staff see a note instead of
// the text; after sending the text is gone (the worker blanks it). Without a mail server
// (`make run`) staff must read the links to pass them on: the text is shown, and each time it
// is, the reading is recorded: per mail and reader, the first and last time and how often
// (docs/operations.md, "Mail").

// HiddenText stands for a secret mail's text that staff may not read.
const HiddenText = "This mail carries a link or code for its recipient alone: its text is not shown once a mail server is configured, nor after the mail was sent."

// Reader is the staff member who reads an outbox.
type Reader struct {
	ID, Name string
}

// readable tells whether staff may read m's text: any mail that is not secret, and a secret
// one only while no mail server is configured and the mail waits.
func readable(m Stored, sending bool) bool {
	return !m.Secret || !sending && m.SentAt == nil && m.Text != ""
}

// ListForStaff returns the newest limit mails as reader may see them (sending: a mail server
// is configured) and records, in the mail's outbox, reader's reading of every secret text
// shown; when the readings cannot be recorded nothing is shown.
func (o Outbox) ListForStaff(ctx context.Context, db pg.DB, limit int, sending bool, reader Reader) ([]Stored, error) {
	mails, err := o.List(ctx, db, limit)
	if err != nil {
		return nil, err
	}
	var read []string
	for i, m := range mails {
		switch {
		case !readable(m, sending):
			mails[i].Text = HiddenText
		case m.Secret:
			read = append(read, m.ID)
		}
	}
	if len(read) > 0 {
		_, err := db.Exec(ctx, `INSERT INTO `+o.readings+` AS r (mail_id, reader_id, reader) SELECT unnest($1::uuid[]), $2, $3
			ON CONFLICT (mail_id, reader_id) DO UPDATE SET reader = EXCLUDED.reader, last_read_at = now(), times = r.times + 1`,
			read, reader.ID, reader.Name)
		if err != nil {
			return nil, fmt.Errorf("record readings of %s: %w", o.Schema, err)
		}
	}
	return mails, nil
}

// Reading is a staff member's readings of a secret mail's text: the first, and how many.
type Reading struct {
	MailID, ReaderID, Reader string
	ReadAt                   time.Time
	Times                    int
}

// Readings returns who read the secret mails to address, oldest first.
func (o Outbox) Readings(ctx context.Context, db pg.DB, to string) ([]Reading, error) {
	rows, err := db.Query(ctx, `SELECT r.mail_id::text, r.reader_id, r.reader, r.first_read_at, r.times FROM `+o.readings+` r JOIN `+o.table+` m ON m.id = r.mail_id
		WHERE lower(m.to_address) = lower($1) ORDER BY r.first_read_at, r.mail_id`, to)
	if err != nil {
		return nil, fmt.Errorf("readings of %s: %w", o.Schema, err)
	}
	defer rows.Close()
	var out []Reading
	for rows.Next() {
		var r Reading
		if err := rows.Scan(&r.MailID, &r.ReaderID, &r.Reader, &r.ReadAt, &r.Times); err != nil {
			return nil, fmt.Errorf("readings of %s: %w", o.Schema, err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// StaffReader is the signed-in caller, who reads an outbox.
func StaffReader(ctx context.Context) Reader {
	c, _ := authn.CallerFrom(ctx)
	return Reader{ID: c.UserID, Name: c.Username}
}
