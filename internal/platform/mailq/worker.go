package mailq

import (
	"context"
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

// Worker sends the queued mails of one outbox, each once as far as SMTP allows (sendOne).
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
// The mail stays locked while it is sent (lockNext), so replicas never send it at once and the
// lock dies with its sender. Before the SMTP conversation begins, sending_at is
// committed on another connection: a mail found unlocked with sending_at set was being sent
// when its sender died (SIGKILL, a lost machine). Whether the server took it cannot be known
// (SMTP has no way to ask), so it is sent again with the same Message-ID and counted in
// interrupted, and the Outbox page and the logs say it may arrive twice. Once the server took a
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
		id, err := w.lockNext(ctx, tx)
		if err != nil || id == "" {
			return err
		}
		var m Message
		var attempts int
		var interrupted bool
		err = tx.QueryRow(ctx, `SELECT to_address, subject, body_text, attempts, sending_at IS NOT NULL FROM `+w.Outbox.table+`
			WHERE id = $1`, id).Scan(&m.To, &m.Subject, &m.Text, &attempts, &interrupted)
		if err != nil {
			return err
		}
		ok = true
		if interrupted {
			w.Log.Warn("mail: an earlier attempt was cut off while sending; sending again with the same Message-ID (it may arrive twice)",
				"outbox", w.Outbox.Schema, "id", id)
		}
		// Autocommitted on another connection: it outlives this transaction if the sender dies.
		if _, err := w.Pool.Exec(ctx, `UPDATE `+w.Outbox.table+` SET sending_at = now(),
			interrupted = interrupted + CASE WHEN $2 THEN 1 ELSE 0 END WHERE id = $1`, id, interrupted); err != nil {
			return err
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

// lockNext takes the transaction-long advisory lock of the next due mail no other sender holds
// and returns its id ("" when none is due). An advisory lock rather than a row lock, so that
// sending_at can be committed on another connection meanwhile; the row is read again under
// the lock, since another sender may have sent it since it was listed.
func (w *Worker) lockNext(ctx context.Context, tx pgx.Tx) (string, error) {
	rows, err := tx.Query(ctx, `SELECT id::text FROM `+w.Outbox.table+`
		WHERE sent_at IS NULL AND next_attempt_at <= now() ORDER BY next_attempt_at, created_at LIMIT 20`)
	if err != nil {
		return "", err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return "", err
	}
	for _, id := range ids {
		var locked, due bool
		if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtext($1), hashtext($2))`, w.Outbox.table, id).Scan(&locked); err != nil {
			return "", err
		}
		if !locked {
			continue
		}
		// A statement of its own: its snapshot is taken after the lock.
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+w.Outbox.table+`
			WHERE id = $1 AND sent_at IS NULL AND next_attempt_at <= now())`, id).Scan(&due); err != nil {
			return "", err
		}
		if due {
			return id, nil
		}
	}
	return "", nil
}

func markSent(table string) string {
	return `UPDATE ` + table + ` SET attempts = attempts + 1, last_error = '', sending_at = NULL, sent_at = now() WHERE id = $1`
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
