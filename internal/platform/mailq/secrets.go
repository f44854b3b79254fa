package mailq

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

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
// shown; when the readings cannot be recorded nothing is shown. Each secret mail comes with
// all its readings so far, by any staff member.
func (o Outbox) ListForStaff(ctx context.Context, db pg.DB, limit int, sending bool, reader Reader) ([]Stored, error) {
	mails, err := o.List(ctx, db, limit)
	if err != nil {
		return nil, err
	}
	var read, secret []string
	for i, m := range mails {
		switch {
		case !readable(m, sending):
			mails[i].Text = HiddenText
		case m.Secret:
			read = append(read, m.ID)
		}
		if m.Secret {
			secret = append(secret, m.ID)
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
	if len(secret) == 0 {
		return mails, nil
	}
	// Every admin sees who read which link, their own readings included.
	readings, err := o.readingsWhere(ctx, db, `r.mail_id = ANY($1::uuid[])`, secret)
	if err != nil {
		return nil, err
	}
	for i, m := range mails {
		for _, r := range readings {
			if r.MailID == m.ID {
				mails[i].Readings = append(mails[i].Readings, r)
			}
		}
	}
	return mails, nil
}

// Reading is a staff member's readings of a secret mail's text: the first and last, and how
// many.
type Reading struct {
	MailID, ReaderID, Reader, Subject string
	ReadAt, LastReadAt                time.Time
	Times                             int
}

// Readings returns who read the secret mails to address, oldest first.
func (o Outbox) Readings(ctx context.Context, db pg.DB, to string) ([]Reading, error) {
	return o.readingsWhere(ctx, db, `lower(m.to_address) = lower($1)`, to)
}

// readingsWhere returns the readings of the mails that cond (on r and m, with $1 = arg)
// holds for, oldest first.
func (o Outbox) readingsWhere(ctx context.Context, db pg.DB, cond string, arg any) ([]Reading, error) {
	rows, err := db.Query(ctx, `SELECT r.mail_id::text, r.reader_id, r.reader, m.subject, r.first_read_at, r.last_read_at, r.times
		FROM `+o.readings+` r JOIN `+o.table+` m ON m.id = r.mail_id WHERE `+cond+` ORDER BY r.first_read_at, r.mail_id, r.reader_id`, arg)
	if err != nil {
		return nil, fmt.Errorf("readings of %s: %w", o.Schema, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Reading, error) {
		var r Reading
		err := row.Scan(&r.MailID, &r.ReaderID, &r.Reader, &r.Subject, &r.ReadAt, &r.LastReadAt, &r.Times)
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("readings of %s: %w", o.Schema, err)
	}
	return out, nil
}

// StaffReader is the signed-in caller, who reads an outbox.
func StaffReader(ctx context.Context) Reader {
	c, _ := authn.CallerFrom(ctx)
	return Reader{ID: c.UserID, Name: c.Username}
}
