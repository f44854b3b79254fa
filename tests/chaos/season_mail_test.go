//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/platform/mailtest"
)

// TestChaosMailServerDownThenSenderKilled plays the season's mail under fault
// (internal/platform/mailq, docs/operations.md "Mail"): mails queued in competition-svc's outbox
// while the mail server (Mailpit) is down are all sent once it is back; then competition-svc,
// the sender, is killed (SIGKILL) in the middle of a batch and started again. Every queued mail
// must arrive, each exactly once (by subject), but for the one the sender was talking to the
// server about when it died, which the outbox records as cut off: SMTP cannot tell whether the
// server took it, so it is sent again with the same Message-ID and may arrive twice.
// serial: it times a SIGKILL against the mails arriving, which a neighbour's load would move
func TestChaosMailServerDownThenSenderKilled(t *testing.T) {
	sc := newScenario(t, "mail-down-kill")
	mailpit := mailtest.Start(t)
	s := newStack(t, "mail", stackOptions{env: map[string]string{
		"PODIUM_SMTP_URL": mailpit.SMTPURL, "PODIUM_MAIL_FROM": "Podium <no-reply@podium.test>", "PODIUM_PUBLIC_URL": "http://podium.test",
	}})

	queue := func(prefix string, n int) []string {
		subjects := make([]string, n)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		for i := range subjects {
			subjects[i] = fmt.Sprintf("%s %03d", prefix, i+1)
			if _, err := s.db.Exec(ctx, `INSERT INTO competition.mail_outbox (to_address, subject, body_text) VALUES ($1, $2, $3)`,
				fmt.Sprintf("athlete%03d@example.com", i+1), subjects[i], "Your place is confirmed."); err != nil {
				t.Fatalf("queue mail: %v", err)
			}
		}
		return subjects
	}
	// arrived counts the mails Mailpit holds by subject, for subjects starting with prefix.
	arrived := func(prefix string) map[string]int {
		out := map[string]int{}
		for _, m := range mailpit.Messages() {
			if strings.HasPrefix(m.Subject, prefix) {
				out[m.Subject]++
			}
		}
		return out
	}
	waitAll := func(prefix string, subjects []string, d time.Duration) (map[string]int, time.Duration) {
		begin := time.Now()
		for {
			got := arrived(prefix)
			if len(got) == len(subjects) || time.Since(begin) > d {
				time.Sleep(2 * time.Second) // a duplicate would come now
				return arrived(prefix), time.Since(begin)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	// interrupted are the mails whose sending was cut off by a death of their sender: the
	// outbox counts them (mailq, Worker.sendOne); SMTP cannot tell whether the server took them.
	interrupted := func() map[string]bool {
		out := map[string]bool{}
		rows, err := s.db.Query(context.Background(), `SELECT subject FROM competition.mail_outbox WHERE interrupted > 0`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var subj string
			if err := rows.Scan(&subj); err != nil {
				t.Fatal(err)
			}
			out[subj] = true
		}
		return out
	}
	var twiceInFlight int
	check := func(phase string, subjects []string, got map[string]int) (once int) {
		var problems []string
		cutOff := interrupted()
		for _, subj := range subjects {
			switch n := got[subj]; {
			case n == 1:
				once++
			case n == 0:
				problems = append(problems, fmt.Sprintf("%s: %q never arrived", phase, subj))
			case n == 2 && cutOff[subj]:
				// SMTP's one window (docs/operations.md, "Mail"): the server took it just before
				// the kill, the mark had not been committed; known, and the same Message-ID.
				once++
				twiceInFlight++
			default:
				problems = append(problems, fmt.Sprintf("%s: %q arrived %d times", phase, subj, n))
			}
		}
		sort.Strings(problems)
		sc.writes(len(subjects), once, 0, problems)
		for _, p := range problems {
			t.Error(p)
		}
		return once
	}

	// 1. The mail server down for a while, then back.
	mailpit.Stop()
	down := time.Now()
	subjectsA := queue("Season mail A", 40)
	time.Sleep(6 * time.Second) // the worker tries, fails and backs off
	mailpit.Start()
	sc.fault("Mailpit down %.0f s with 40 mails queued", time.Since(down).Seconds())
	gotA, tookA := waitAll("Season mail A", subjectsA, 90*time.Second)
	onceA := check("server down", subjectsA, gotA)

	// 2. The sender killed in the middle of a batch.
	subjectsB := queue("Season mail B", 150)
	begin := time.Now()
	for len(arrived("Season mail B")) < 30 {
		if time.Since(begin) > 60*time.Second {
			t.Fatalf("only %d of 150 mails sent within 60 s", len(arrived("Season mail B")))
		}
		time.Sleep(20 * time.Millisecond)
	}
	sender := s.procs["competition"]
	sender.signal(syscall.SIGKILL)
	sender.wait(10 * time.Second)
	atKill := len(arrived("Season mail B"))
	s.restart("competition")
	sc.fault("SIGKILL of competition-svc (the sender) with %d of 150 mails sent", atKill)
	gotB, tookB := waitAll("Season mail B", subjectsB, 90*time.Second)
	onceB := check("sender killed", subjectsB, gotB)

	var unsent int
	if err := s.db.QueryRow(context.Background(), `SELECT count(*) FROM competition.mail_outbox WHERE sent_at IS NULL`).Scan(&unsent); err != nil {
		t.Fatal(err)
	}
	if unsent != 0 {
		t.Errorf("%d mails still marked unsent", unsent)
	}
	if n := len(interrupted()); n > 1 {
		t.Errorf("%d mails recorded as cut off by one kill of one sender", n)
	}
	sc.setNote("server down: %d/40 arrived once, all within %s of its return; killed mid-batch at %d/150: %d/150 arrived once, all within %s; "+
		"%d cut off mid-conversation by the kill, %d of them arrived twice (SMTP's window, same Message-ID)",
		onceA, tookA.Round(100*time.Millisecond), atKill, onceB-twiceInFlight, tookB.Round(100*time.Millisecond), len(interrupted()), twiceInFlight)
}
