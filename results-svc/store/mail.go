package store

import (
	"context"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/mailq"
)

// Outbox is results-svc's mail queue (migrations/0700_mail_outbox.sql).
var Outbox = mailq.New("results")

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
