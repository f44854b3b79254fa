package store

import (
	"context"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/mailq"
)

// Outbox is auth-svc's mail queue (migrations/0341_mail_outbox.sql).
var Outbox = mailq.New("auth")

// QueueMail queues m in the store's transaction.
func (s *Store) QueueMail(ctx context.Context, m mailq.Message) (err error) {
	defer apperr.Wrap(&err, "store.QueueMail()")
	return Outbox.Enqueue(ctx, s.db, m)
}

// ListMail returns the newest queued mails, sent or not, as reader may see them (sending: a
// mail server is configured), and records reader's readings of secret ones
// (mailq.Outbox.ListForStaff).
func (s *Store) ListMail(ctx context.Context, sending bool, reader mailq.Reader) (_ []mailq.Stored, err error) {
	defer apperr.Wrap(&err, "store.ListMail()")
	return Outbox.ListForStaff(ctx, s.db, mailq.ListLimit, sending, reader)
}

// MailReadings returns who of the staff read the secret mails to address on the Outbox page.
func (s *Store) MailReadings(ctx context.Context, address string) (_ []mailq.Reading, err error) {
	defer apperr.Wrap(&err, "store.MailReadings()")
	return Outbox.Readings(ctx, s.db, address)
}
