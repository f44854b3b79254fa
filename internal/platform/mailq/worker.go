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

// Worker sends the queued mails of one outbox. Each mail is locked while it is sent (FOR
// UPDATE SKIP LOCKED), so replicas share the queue without sending a mail twice at once; a
// mail is marked sent only after the server took it, so a crash in between sends it again
// rather than never (the same Message-ID lets clients tell). A secret mail's text is blanked
// as it is marked sent: once delivered, the secret is its recipient's alone.
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
func (w *Worker) sendOne(ctx context.Context) (ok bool, err error) {
	backoff := w.Backoff
	if backoff == nil {
		backoff = Backoff
	}
	var failed error
	err = pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		var id string
		var m Message
		var attempts int
		err := tx.QueryRow(ctx, `SELECT id::text, to_address, subject, body_text, attempts FROM `+w.Outbox.table+`
			WHERE sent_at IS NULL AND next_attempt_at <= now() ORDER BY next_attempt_at, created_at LIMIT 1
			FOR UPDATE SKIP LOCKED`).Scan(&id, &m.To, &m.Subject, &m.Text, &attempts)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		ok = true
		sendCtx, cancel := context.WithTimeout(ctx, sendTimeout)
		sendErr := w.Sender.Send(sendCtx, id, m)
		cancel()
		if sendErr != nil {
			failed = fmt.Errorf("send mail %s (attempt %d): %w", id, attempts+1, sendErr)
			_, err = tx.Exec(ctx, `UPDATE `+w.Outbox.table+` SET attempts = attempts + 1, last_error = $2,
				next_attempt_at = now() + $3::interval WHERE id = $1`, id, truncate(sendErr.Error(), 500), backoff(attempts+1).String())
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE `+w.Outbox.table+` SET attempts = attempts + 1, last_error = '', sent_at = now(),
			body_text = CASE WHEN secret THEN '' ELSE body_text END WHERE id = $1`, id)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("mail outbox %s: %w", w.Outbox.Schema, err)
	}
	if failed != nil {
		return false, failed
	}
	return ok, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
