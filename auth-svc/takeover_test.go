package authsvc_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/platform/mailtest"
	"github.com/podium-dev/podium/internal/poll"
)

// No account can be had without its owner's mailbox (docs/access.md, "Athletes"): a sign-up
// made first with someone else's address gains nothing, whatever order the links are used in.

// mailWith waits for the mail to address whose subject holds subject and whose text holds text.
func mailWith(t *testing.T, mailpit *mailtest.Mailpit, address, subject, text string) mailtest.Mail {
	t.Helper()
	var found mailtest.Mail
	poll.Until(t, 10*time.Second, "a mail "+subject+" with "+text, func() bool {
		for _, m := range mailpit.MailsTo(address) {
			if strings.Contains(m.Subject, subject) && strings.Contains(m.Text, text) {
				found = m
				return true
			}
		}
		return false
	})
	return found
}

func mailStack(t *testing.T) (*stacktest.Stack, *mailtest.Mailpit) {
	t.Helper()
	mailpit := mailtest.Start(t)
	return stacktest.StartWith(t, stacktest.Options{Env: map[string]string{
		"PODIUM_SMTP_URL": mailpit.SMTPURL, "PODIUM_PUBLIC_URL": "https://podium.test",
	}}), mailpit
}

func TestASignUpCannotTakeTheOwnersAccount(t *testing.T) {
	t.Parallel()
	s, mailpit := mailStack(t)
	signUp := func(email, password, first string) string {
		t.Helper()
		r := s.Do(http.MethodPost, "/api/athlete/sign-up", map[string]string{"email": email, "password": password,
			"firstName": first, "lastName": "Test"}, "").MustStatus(t, http.StatusOK)
		return string(r.Body)
	}
	verify := func(token string) *stacktest.Response {
		return s.Do(http.MethodPost, "/api/athlete/verify-email", map[string]string{"token": token}, "")
	}
	signIn := func(email, password string) int {
		return s.Do(http.MethodPost, "/api/athlete/sign-in", map[string]string{"email": email, "password": password}, "").Status
	}
	const attackerPassword, ownerPassword = "mallory-owns-it-now", "vera-is-the-owner"

	for _, order := range []string{"owner's link first", "attacker's link first"} {
		t.Run(order, func(t *testing.T) {
			email := strings.ReplaceAll(order, " ", "-")[:5] + ".vera@example.com"
			attacker := signUp(email, attackerPassword, "Mallory")
			owner := signUp(strings.ToUpper(email), ownerPassword, "Vera")
			if attacker != owner {
				t.Fatalf("answers differ: %s / %s", attacker, owner)
			}
			attackerLink := linkIn(t, mailWith(t, mailpit, email, "Confirm your email address", "Hello Mallory,").Text, "verify")
			ownerLink := linkIn(t, mailWith(t, mailpit, email, "Confirm your email address", "Hello Vera,").Text, "verify")
			first, second, winner, loser := ownerLink, attackerLink, ownerPassword, attackerPassword
			if order == "attacker's link first" {
				first, second, winner, loser = attackerLink, ownerLink, attackerPassword, ownerPassword
			}
			verify(first).MustStatus(t, http.StatusOK)
			if r := verify(second); r.Status != http.StatusBadRequest || field(t, r) != "token" {
				t.Fatalf("the other sign-up's link after the first was used: %d %s", r.Status, r.Body)
			}
			if signIn(email, winner) != http.StatusOK || signIn(email, loser) != http.StatusUnauthorized {
				t.Fatalf("the confirmed link's password must be the account's, and only it")
			}
		})
	}

	t.Run("a sign-up after the first link expired confirms with its own password", func(t *testing.T) {
		const email = "late.owner@example.com"
		signUp(email, attackerPassword, "Mallory")
		countRows(t, s, `WITH x AS (UPDATE auth.pending_signups SET expires_at = now() - interval '1 minute' WHERE email = $1 RETURNING 1)
			SELECT count(*) FROM x`, email)
		signUp(email, ownerPassword, "Vera")
		verify(linkIn(t, mailWith(t, mailpit, email, "Confirm your email address", "Hello Vera,").Text, "verify")).MustStatus(t, http.StatusOK)
		if signIn(email, ownerPassword) != http.StatusOK || signIn(email, attackerPassword) != http.StatusUnauthorized {
			t.Fatal("the expired sign-up's password opens the account")
		}
	})

	t.Run("a new link for an address with two waiting sign-ups goes to neither", func(t *testing.T) {
		const email = "two.waiting@example.com"
		signUp(email, ownerPassword, "Vera")
		signUp(email, attackerPassword, "Mallory")
		mailWith(t, mailpit, email, "Confirm your email address", "Hello Mallory,")
		s.Do(http.MethodPost, "/api/athlete/verify-email/resend", map[string]string{"email": email}, "").MustStatus(t, http.StatusOK)
		again := mailWith(t, mailpit, email, "Finish signing up for Podium", "sign up again")
		if strings.Contains(again.Text, "token=") {
			t.Fatalf("a link for an unknown sign-up: %q", again.Text)
		}
		if n := len(mailpit.MailsTo(email)); n != 3 {
			t.Fatalf("%d mails, want 3", n)
		}
	})

	t.Run("a sign-up for an account changes nothing and mails its owner", func(t *testing.T) {
		owner := s.SignUpAthlete("Owen", "Owner")
		if signUp(owner.Email, attackerPassword, "Mallory") != signUp("nobody.at.all@example.com", attackerPassword, "Mallory") {
			t.Fatal("the answer tells that the address has an account")
		}
		hint := mailWith(t, mailpit, owner.Email, "You already have a Podium account", "forgot-password")
		if strings.Contains(hint.Text, "token=") {
			t.Fatalf("the hint carries a link: %q", hint.Text)
		}
		if n := countRows(t, s, `SELECT count(*) FROM auth.pending_signups WHERE email = $1`, owner.Email); n != 0 {
			t.Fatalf("%d sign-ups kept for an address with an account", n)
		}
		if signIn(owner.Email, stacktest.AthletePassword) != http.StatusOK || signIn(owner.Email, attackerPassword) != http.StatusUnauthorized {
			t.Fatal("the owner's password changed")
		}
	})
}
