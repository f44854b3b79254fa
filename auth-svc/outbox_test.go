package authsvc_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/platform/mailq"
	"github.com/podium-dev/podium/internal/poll"
)

// No staff member can become an athlete through the Outbox (docs/operations.md, "Mail").

type outboxMail struct {
	ID, To, Subject, Text string
	SentAt                *string
}

func authOutbox(t *testing.T, s *stacktest.Stack) []outboxMail {
	t.Helper()
	var box struct{ Mails []outboxMail }
	s.Admin(http.MethodGet, "/api/mail-outbox/auth", nil).MustStatus(t, http.StatusOK).Decode(t, &box)
	return box.Mails
}

// waitInOutbox waits for the newest mail to address with subject in the auth outbox.
func waitInOutbox(t *testing.T, s *stacktest.Stack, address, subject string) outboxMail {
	t.Helper()
	var found outboxMail
	poll.Until(t, 10*time.Second, "the outbox holds "+subject, func() bool {
		for _, m := range authOutbox(t, s) {
			if m.To == address && m.Subject == subject {
				found = m
				return true
			}
		}
		return false
	})
	return found
}

func TestWithAMailServerStaffNeverReadALink(t *testing.T) {
	t.Parallel()
	s, mailpit := mailStack(t)
	athlete := s.SignUpAthlete("Nina", "Secret")
	reset := func() {
		s.Do(http.MethodPost, "/api/athlete/password-reset", map[string]string{"email": athlete.Email}, "").MustStatus(t, http.StatusOK)
	}
	noLinks := func(when string) {
		t.Helper()
		for _, m := range authOutbox(t, s) {
			if strings.Contains(m.Text, "token=") {
				t.Fatalf("%s: the outbox shows a link: %+v", when, m)
			}
		}
	}

	mailpit.Stop()
	reset()
	waiting := waitInOutbox(t, s, athlete.Email, "Reset your Podium password")
	if waiting.SentAt != nil || waiting.Text != mailq.HiddenText {
		t.Fatalf("a waiting reset mail: %+v", waiting)
	}
	noLinks("while the mail waits")

	mailpit.Start()
	token := linkIn(t, mailpit.WaitFor(athlete.Email, "Reset your Podium password", 20*time.Second).Text, "reset-password")
	poll.Until(t, 10*time.Second, "the reset mail marked sent", func() bool {
		return waitInOutbox(t, s, athlete.Email, "Reset your Podium password").SentAt != nil
	})
	noLinks("after sending")
	if n := countRows(t, s, `SELECT count(*) FROM auth.mail_outbox WHERE sent_at IS NOT NULL AND body_text LIKE '%token=%'`); n != 0 {
		t.Fatalf("%d sent mails keep their link", n)
	}
	if n := countRows(t, s, `SELECT count(*) FROM auth.mail_link_readings`); n != 0 {
		t.Fatalf("%d readings of hidden texts", n)
	}
	if r := profileReadings(t, s, athlete.Token); len(r) != 0 {
		t.Fatalf("the profile lists readings: %+v", r)
	}
	// The recipient's link works and the owner hears of the change.
	s.Do(http.MethodPost, "/api/athlete/password-reset/confirm", map[string]string{"token": token, "password": "nina-chose-this-one"}, "").
		MustStatus(t, http.StatusOK)
	changed := mailpit.WaitFor(athlete.Email, "Your Podium password was changed", 10*time.Second)
	if !strings.Contains(changed.Text, "with a reset link") || strings.Contains(changed.Text, "staff members read") {
		t.Fatalf("password changed mail: %q", changed.Text)
	}
}

func TestWithoutAMailServerEveryReadingOfALinkIsKept(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	athlete := s.SignUpAthlete("Omar", "Owner")
	s.Do(http.MethodPost, "/api/athlete/password-reset", map[string]string{"email": athlete.Email}, "").MustStatus(t, http.StatusOK)
	mail := waitInOutbox(t, s, athlete.Email, "Reset your Podium password")
	token := linkIn(t, mail.Text, "reset-password")
	if n := countRows(t, s, `SELECT count(*) FROM auth.mail_link_readings WHERE mail_id = $1 AND reader = $2`, mail.ID, s.AdminUsername); n < 1 {
		t.Fatalf("%d readings of the reset link by the admin", n)
	}

	// Staff who use it are named to the owner.
	s.Do(http.MethodPost, "/api/athlete/password-reset/confirm", map[string]string{"token": token, "password": "staff-chose-this-one"}, "").
		MustStatus(t, http.StatusOK)
	changed := waitInOutbox(t, s, athlete.Email, "Your Podium password was changed")
	if !strings.Contains(changed.Text, "with a reset link") || !strings.Contains(changed.Text, "- "+s.AdminUsername+", ") {
		t.Fatalf("password changed mail: %q", changed.Text)
	}

	t.Run("a change on the profile page is mailed too", func(t *testing.T) {
		other := s.SignUpAthlete("Pia", "Profile")
		s.Do(http.MethodPost, "/api/auth/password", map[string]string{"currentPassword": stacktest.AthletePassword,
			"newPassword": "pia-changed-her-mind"}, other.Token).MustStatus(t, http.StatusOK)
		changed := waitInOutbox(t, s, other.Email, "Your Podium password was changed")
		if !strings.Contains(changed.Text, "on your profile page") {
			t.Fatalf("password changed mail: %q", changed.Text)
		}
	})
}
