package mailq

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Sender delivers one mail; id is the queue's id of it, the same on every attempt.
type Sender interface {
	Send(ctx context.Context, id string, m Message) error
}

// Worker sends the queued mails of one outbox, each once as far as SMTP allows (sendOne). A
// secret mail's text is blanked as it is marked sent: once delivered, the secret is its
// recipient's alone.
type Worker struct {
	Outbox Outbox
	Pool   *pgxpool.Pool
	Sender Sender
	Log    *slog.Logger
	// Poll is how often the queue is looked at (default 1 s).
	Poll time.Duration
	// Backoff is the wait after the attempt-th failed attempt (default: Backoff).
	Backoff func(attempt int) time.Duration
}

// sendTimeout bounds one SMTP conversation.
const sendTimeout = 30 * time.Second

// Backoff waits 5 s after the first failure and doubles up to 30 minutes: a mail is retried
// for as long as the server is down, never dropped.
func Backoff(attempt int) time.Duration {
	d := 5 * time.Second
	for i := 1; i < attempt && d < 30*time.Minute; i++ {
		d *= 2
	}
	return min(d, 30*time.Minute)
}

// Run sends due mails until ctx ends.
func (w *Worker) Run(ctx context.Context) {
	poll := w.Poll
	if poll <= 0 {
		poll = time.Second
	}
	ticker := time.NewTicker(poll)
	defer ticker.Stop()
	for {
		if _, err := w.SendDue(ctx); err != nil && ctx.Err() == nil {
			w.Log.Warn("mail not sent yet; retrying", "outbox", w.Outbox.Schema, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// SendDue sends every mail whose (next) attempt is due and returns how many went out; it
// stops at the first failure (the server is likely down), which is recorded on the mail.
func (w *Worker) SendDue(ctx context.Context) (int, error) {
	sent := 0
	for {
		ok, err := w.sendOne(ctx)
		if err != nil || !ok {
			return sent, err
		}
		sent++
	}
}

// sendOne sends the next due mail; ok is false when none is due.
//
// The mail stays locked while it is sent (claimNext), so replicas never send it at once and the
// locks die with their sender. Before the SMTP conversation begins, sending_at is
// committed on another connection: a mail found unlocked with sending_at set was being sent
// when its sender died (SIGKILL, a lost machine). Whether the server took it cannot be known
// (SMTP has no way to ask), so it is sent again with the same Message-ID and counted in
// interrupted, and the log says it may arrive twice. Once the server took a
// mail it is marked sent, retried on another connection if the first commit fails, and never
// sent again. The window left: a crash between the server's acceptance and that commit
// (docs/operations.md, "Mail").
func (w *Worker) sendOne(ctx context.Context) (ok bool, err error) {
	backoff := w.Backoff
	if backoff == nil {
		backoff = Backoff
	}
	var failed error
	var sentID string
	err = pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		id, interrupted, err := w.claimNext(ctx, tx)
		if err != nil || id == "" {
			return err
		}
		var m Message
		var attempts int
		err = tx.QueryRow(ctx, `SELECT to_address, subject, body_text, attempts FROM `+w.Outbox.table+`
			WHERE id = $1`, id).Scan(&m.To, &m.Subject, &m.Text, &attempts)
		if err != nil {
			return err
		}
		ok = true
		if interrupted {
			w.Log.Warn("mail: an earlier attempt was cut off while sending; sending again with the same Message-ID (it may arrive twice)",
				"outbox", w.Outbox.Schema, "id", id)
		}
		sendCtx, cancel := context.WithTimeout(ctx, sendTimeout)
		sendErr := w.Sender.Send(sendCtx, id, m)
		cancel()
		if sendErr != nil {
			failed = fmt.Errorf("send mail %s (attempt %d): %w", id, attempts+1, sendErr)
			_, err = tx.Exec(ctx, `UPDATE `+w.Outbox.table+` SET attempts = attempts + 1, last_error = $2, sending_at = NULL,
				next_attempt_at = now() + $3::interval WHERE id = $1`, id, truncate(sendErr.Error(), 500), backoff(attempts+1).String())
			return err
		}
		sentID = id
		_, err = tx.Exec(ctx, markSent(w.Outbox.table), id)
		return err
	})
	if err != nil && sentID != "" {
		// The server has the mail: mark it sent whatever became of the transaction.
		err = w.markSentAgain(ctx, sentID, err)
	}
	if err != nil {
		return false, fmt.Errorf("mail outbox %s: %w", w.Outbox.Schema, err)
	}
	if failed != nil {
		return false, failed
	}
	return ok, nil
}

// claimNext claims the next due mail no other sender holds and returns its id ("" when none
// is due) and whether an earlier sender of it died mid-conversation. The claim, in order:
//   - the mail's transaction-long advisory lock (senders of this release exclude each other;
//     a row lock would block the next step);
//   - the mail read again under it (another sender may have sent it since it was listed);
//   - sending_at committed on another connection, so that it outlives a dead sender; only
//     while the mail is unsent, which waits for a sender of the previous release holding its
//     row lock (FOR UPDATE) during a rolling upgrade, and then finds it sent;
//   - its row lock (FOR UPDATE SKIP LOCKED), which a sender of the previous release skips.
//
// A mail a previous release's sender took between the last two steps is left to it (its
// sending_at, set meanwhile, counts one interruption that was none should that sender fail).
func (w *Worker) claimNext(ctx context.Context, tx pgx.Tx) (id string, interrupted bool, err error) {
	rows, err := tx.Query(ctx, `SELECT id::text FROM `+w.Outbox.table+`
		WHERE sent_at IS NULL AND next_attempt_at <= now() ORDER BY next_attempt_at, created_at LIMIT 20`)
	if err != nil {
		return "", false, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return "", false, err
	}
	for _, id := range ids {
		var locked bool
		if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtext($1), hashtext($2))`, w.Outbox.table, id).Scan(&locked); err != nil {
			return "", false, err
		}
		if !locked {
			continue
		}
		// A statement of its own: its snapshot is taken after the lock.
		err := tx.QueryRow(ctx, `SELECT sending_at IS NOT NULL FROM `+w.Outbox.table+`
			WHERE id = $1 AND sent_at IS NULL AND next_attempt_at <= now()`, id).Scan(&interrupted)
		if errors.Is(err, pgx.ErrNoRows) {
			continue
		} else if err != nil {
			return "", false, err
		}
		tag, err := w.Pool.Exec(ctx, `UPDATE `+w.Outbox.table+` SET sending_at = now(),
			interrupted = interrupted + CASE WHEN $2 THEN 1 ELSE 0 END WHERE id = $1 AND sent_at IS NULL`, id, interrupted)
		if err != nil {
			return "", false, err
		}
		if tag.RowsAffected() == 0 {
			continue
		}
		err = tx.QueryRow(ctx, `SELECT id::text FROM `+w.Outbox.table+` WHERE id = $1 AND sent_at IS NULL FOR UPDATE SKIP LOCKED`, id).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			continue
		} else if err != nil {
			return "", false, err
		}
		return id, interrupted, nil
	}
	return "", false, nil
}

func markSent(table string) string {
	return `UPDATE ` + table + ` SET attempts = attempts + 1, last_error = '', sending_at = NULL, sent_at = now(),
		body_text = CASE WHEN secret THEN '' ELSE body_text END WHERE id = $1`
}

// markSentAgain retries the mark of a mail the server took after its transaction failed (the
// database restarting), for up to a minute.
func (w *Worker) markSentAgain(ctx context.Context, id string, first error) error {
	err := first
	for wait := 100 * time.Millisecond; wait < time.Minute && ctx.Err() == nil; wait *= 2 {
		time.Sleep(wait)
		if _, err = w.Pool.Exec(ctx, markSent(w.Outbox.table), id); err == nil {
			return nil
		}
	}
	return fmt.Errorf("mark mail %s sent: %w", id, err)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
