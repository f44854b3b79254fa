package mailq_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/podium-dev/podium/internal/platform/mailq"
	"github.com/podium-dev/podium/internal/platform/mailtest"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/pgtest"
)

// outboxMigrations is a schema with the outbox table exactly as the services create it.
func outboxMigrations(t *testing.T) pg.Migrations {
	t.Helper()
	files := fstest.MapFS{}
	for _, name := range []string{"0341_mail_outbox.sql", "0800_mail_secrets.sql", "0860_mail_sending.sql"} {
		ddl, err := os.ReadFile("../../../auth-svc/store/migrations/" + name)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = &fstest.MapFile{Data: ddl}
	}
	return pg.Migrations{Schema: "mailqtest", FS: files}
}

// sendingWorld is an outbox, a Mailpit and a worker sending the outbox to it.
func sendingWorld(t *testing.T) (*pgxpool.Pool, mailq.Outbox, *mailtest.Mailpit, *mailq.Worker) {
	t.Helper()
	pool := pgtest.NewPool(t, outboxMigrations(t))
	box := mailq.New("mailqtest")
	mailpit := mailtest.Start(t)
	sender, err := mailq.NewSMTP(mailpit.SMTPURL, "Podium <no-reply@podium.test>")
	if err != nil {
		t.Fatal(err)
	}
	return pool, box, mailpit, &mailq.Worker{Outbox: box, Pool: pool, Sender: sender, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

// TestNoMailIsLostWhileTheServerIsDown: mails queued while the SMTP server is down are kept,
// their failures recorded with a growing wait, and all arrive once it is back.
func TestNoMailIsLostWhileTheServerIsDown(t *testing.T) {
	t.Parallel()
	pool, box, mailpit, w := sendingWorld(t)
	ctx := context.Background()
	w.Backoff = func(int) time.Duration { return 0 }

	mailpit.Stop()
	for _, to := range []string{"anna@example.com", "ben@example.com"} {
		if err := box.Enqueue(ctx, pool, mailq.Message{To: to, Subject: "Hello " + to, Text: "Line one\nLine two"}); err != nil {
			t.Fatal(err)
		}
	}
	sent, err := w.SendDue(ctx)
	if err == nil || sent != 0 {
		t.Fatalf("server down: sent %d, err %v", sent, err)
	}
	listed, err := box.List(ctx, pool, 10)
	if err != nil {
		t.Fatal(err)
	}
	failing := 0
	for _, m := range listed {
		if m.SentAt != nil {
			t.Fatalf("marked sent while the server was down: %+v", m)
		}
		if m.Attempts == 1 && m.LastError != "" {
			failing++
		}
	}
	if len(listed) != 2 || failing != 1 {
		t.Fatalf("after one failed attempt: %+v", listed)
	}

	mailpit.Start()
	if sent, err := w.SendDue(ctx); err != nil || sent != 2 {
		t.Fatalf("server back: sent %d, err %v", sent, err)
	}
	got := mailpit.WaitFor("anna@example.com", "Hello anna@example.com", 5*time.Second)
	if got.From != "no-reply@podium.test" || !strings.Contains(got.Text, "Line one\r\nLine two") && !strings.Contains(got.Text, "Line one\nLine two") {
		t.Fatalf("mail %+v", got)
	}
	mailpit.WaitFor("ben@example.com", "Hello ben@example.com", 5*time.Second)
	listed, _ = box.List(ctx, pool, 10)
	for _, m := range listed {
		if m.SentAt == nil || m.LastError != "" {
			t.Fatalf("not marked sent: %+v", m)
		}
	}
	if sent, err := w.SendDue(ctx); err != nil || sent != 0 {
		t.Fatalf("sent again: %d, %v", sent, err)
	}
	if n := len(mailpit.Messages()); n != 2 {
		t.Fatalf("%d mails arrived, want 2", n)
	}
}

// TestAMailQueuedInARolledBackTransactionIsNeverSent: the mail shares the fate of what caused it.
func TestAMailQueuedInARolledBackTransactionIsNeverSent(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewPool(t, outboxMigrations(t))
	ctx := context.Background()
	box := mailq.New("mailqtest")
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := box.Enqueue(ctx, tx, mailq.Message{To: "anna@example.com", Subject: "Never", Text: "x"}); err != nil {
		t.Fatal(err)
	}
	tx.Rollback(ctx) //nolint:errcheck // the point
	if listed, _ := box.List(ctx, pool, 10); len(listed) != 0 {
		t.Fatalf("kept %+v", listed)
	}
}

func TestBackoffGrowsAndStaysBounded(t *testing.T) {
	t.Parallel()
	if mailq.Backoff(1) != 5*time.Second || mailq.Backoff(2) != 10*time.Second || mailq.Backoff(50) != 30*time.Minute {
		t.Fatalf("backoff %v %v %v", mailq.Backoff(1), mailq.Backoff(2), mailq.Backoff(50))
	}
}

// TestAMailCutOffWhileSendingIsSentAgainAndCounted: a sender that died mid-conversation left
// sending_at set and its lock gone; the next sender sends the mail (the server may or may not
// have taken it), counts the cut-off attempt, and never sends it a third time. A mail whose
// sender is still alive (its lock held) is left alone.
func TestAMailCutOffWhileSendingIsSentAgainAndCounted(t *testing.T) {
	t.Parallel()
	pool, box, mailpit, w := sendingWorld(t)
	ctx := context.Background()
	for _, to := range []string{"cut@example.com", "busy@example.com"} {
		if err := box.Enqueue(ctx, pool, mailq.Message{To: to, Subject: "Hello " + to, Text: "x"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := pool.Exec(ctx, `UPDATE mailqtest.mail_outbox SET sending_at = now()`); err != nil {
		t.Fatal(err)
	}
	// busy@'s sender is alive: it holds the mail's lock.
	busy, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Rollback(ctx) //nolint:errcheck // ends the live sender
	if _, err := busy.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('"mailqtest"."mail_outbox"'), hashtext(id::text))
		FROM mailqtest.mail_outbox WHERE to_address = 'busy@example.com'`); err != nil {
		t.Fatal(err)
	}
	if sent, err := w.SendDue(ctx); err != nil || sent != 1 {
		t.Fatalf("sent %d, err %v", sent, err)
	}
	mailpit.WaitFor("cut@example.com", "Hello cut@example.com", 5*time.Second)
	var interrupted int
	var sentAt *time.Time
	if err := pool.QueryRow(ctx, `SELECT interrupted, sent_at FROM mailqtest.mail_outbox WHERE to_address = 'cut@example.com'`).Scan(&interrupted, &sentAt); err != nil {
		t.Fatal(err)
	}
	if interrupted != 1 || sentAt == nil {
		t.Fatalf("cut-off mail: interrupted %d, sent_at %v", interrupted, sentAt)
	}
	if sent, err := w.SendDue(ctx); err != nil || sent != 0 {
		t.Fatalf("sent again while busy@'s sender lives: %d, %v", sent, err)
	}
	if n := len(mailpit.MailsTo("busy@example.com")); n != 0 {
		t.Fatalf("busy@ got %d mails while its sender lived", n)
	}
	busy.Rollback(ctx) //nolint:errcheck // its sender dies
	if sent, err := w.SendDue(ctx); err != nil || sent != 1 {
		t.Fatalf("after busy@'s sender died: sent %d, err %v", sent, err)
	}
	if n := len(mailpit.Messages()); n != 2 {
		t.Fatalf("%d mails arrived, want 2", n)
	}
}

// TestASenderOfThePreviousReleaseIsNotDoubled: during a rolling upgrade the previous release's
// sender holds a mail's row lock (FOR UPDATE) while it sends, without sending_at; this
// release's sender leaves that mail to it, and finds it sent once it committed.
func TestASenderOfThePreviousReleaseIsNotDoubled(t *testing.T) {
	t.Parallel()
	pool, box, mailpit, w := sendingWorld(t)
	ctx := context.Background()
	if err := box.Enqueue(ctx, pool, mailq.Message{To: "old@example.com", Subject: "Hello", Text: "x"}); err != nil {
		t.Fatal(err)
	}
	old, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Rollback(ctx) //nolint:errcheck // committed below
	var id string
	if err := old.QueryRow(ctx, `SELECT id::text FROM mailqtest.mail_outbox WHERE sent_at IS NULL FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		sent, err := w.SendDue(ctx) // waits for the old sender's lock, then finds the mail sent
		if err == nil && sent != 0 {
			err = fmt.Errorf("sent %d mails the previous release's sender held", sent)
		}
		done <- err
	}()
	time.Sleep(300 * time.Millisecond) // the old sender's conversation
	if _, err := old.Exec(ctx, `UPDATE mailqtest.mail_outbox SET attempts = attempts + 1, sent_at = now() WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if err := old.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := len(mailpit.Messages()); n != 0 {
		t.Fatalf("this release's sender sent %d mails", n)
	}
}

// TestSecretMailsAreTheRecipientsAlone: a secret mail's text is shown to staff only while no
// mail server is configured and the mail waits, each showing is recorded, and once it was
// sent its text is gone from the queue.
func TestSecretMailsAreTheRecipientsAlone(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewPool(t, outboxMigrations(t))
	ctx := context.Background()
	box := mailq.New("mailqtest")
	for _, m := range []mailq.Message{
		{To: "anna@example.com", Subject: "Reset", Text: "https://podium.test/reset?token=SECRET", Secret: true},
		{To: "anna@example.com", Subject: "Hello", Text: "Nothing secret"},
	} {
		if err := box.Enqueue(ctx, pool, m); err != nil {
			t.Fatal(err)
		}
	}
	admin := mailq.Reader{ID: "admin-id", Name: "root"}
	texts := func(sending bool) map[string]string {
		t.Helper()
		listed, err := box.ListForStaff(ctx, pool, 10, sending, admin)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, m := range listed {
			out[m.Subject] = m.Text
		}
		return out
	}
	readings := func() int {
		t.Helper()
		r, err := box.Readings(ctx, pool, "ANNA@example.com")
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range r {
			if x.ReaderID != "admin-id" || x.Reader != "root" || x.ReadAt.IsZero() {
				t.Fatalf("reading %+v", x)
			}
		}
		return len(r)
	}

	if got := texts(true); got["Reset"] != mailq.HiddenText || got["Hello"] != "Nothing secret" {
		t.Fatalf("with a mail server: %q", got)
	}
	if n := readings(); n != 0 {
		t.Fatalf("%d readings of a hidden text", n)
	}
	if got := texts(false); !strings.Contains(got["Reset"], "token=SECRET") {
		t.Fatalf("without a mail server: %q", got)
	}
	texts(false)
	if r, _ := box.Readings(ctx, pool, "anna@example.com"); len(r) != 1 || r[0].Times != 2 {
		t.Fatalf("readings %+v, want the admin's two", r)
	}

	mailpit := mailtest.Start(t)
	sender, err := mailq.NewSMTP(mailpit.SMTPURL, "Podium <no-reply@podium.test>")
	if err != nil {
		t.Fatal(err)
	}
	w := &mailq.Worker{Outbox: box, Pool: pool, Sender: sender, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if sent, err := w.SendDue(ctx); err != nil || sent != 2 {
		t.Fatalf("sent %d, %v", sent, err)
	}
	if got := mailpit.WaitFor("anna@example.com", "Reset", 5*time.Second); !strings.Contains(got.Text, "token=SECRET") {
		t.Fatalf("the recipient's mail lost its link: %q", got.Text)
	}
	if got := texts(false); got["Reset"] != mailq.HiddenText || got["Hello"] != "Nothing secret" {
		t.Fatalf("after sending: %q", got)
	}
	listed, _ := box.List(ctx, pool, 10)
	for _, m := range listed {
		if strings.Contains(m.Text, "SECRET") {
			t.Fatalf("the sent secret is still queued: %+v", m)
		}
	}
}
