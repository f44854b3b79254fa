package mailq_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/podium-dev/podium/internal/platform/mailq"
	"github.com/podium-dev/podium/internal/platform/mailtest"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/pgtest"
)

// outboxMigrations is a schema with the outbox tables exactly as the services create them.
func outboxMigrations(t *testing.T) pg.Migrations {
	t.Helper()
	fs := fstest.MapFS{}
	for name, path := range map[string]string{
		"0001_mail_outbox.sql":  "../../../auth-svc/store/migrations/0341_mail_outbox.sql",
		"0002_mail_secrets.sql": "../../../auth-svc/store/migrations/0800_mail_secrets.sql",
	} {
		ddl, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		fs[name] = &fstest.MapFile{Data: ddl}
	}
	return pg.Migrations{Schema: "mailqtest", FS: fs}
}

// TestNoMailIsLostWhileTheServerIsDown: mails queued while the SMTP server is down are kept,
// their failures recorded with a growing wait, and all arrive once it is back.
func TestNoMailIsLostWhileTheServerIsDown(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewPool(t, outboxMigrations(t))
	ctx := context.Background()
	box := mailq.New("mailqtest")
	mailpit := mailtest.Start(t)
	sender, err := mailq.NewSMTP(mailpit.SMTPURL, "Podium <no-reply@podium.test>")
	if err != nil {
		t.Fatal(err)
	}
	w := &mailq.Worker{Outbox: box, Pool: pool, Sender: sender, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Backoff: func(int) time.Duration { return 0 }}

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
