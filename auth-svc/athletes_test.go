package authsvc_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/mailtest"
	"github.com/podium-dev/podium/internal/poll"
)

// linkFor gives the pending sign-up of email made with firstName the token a mail's link
// would carry, valid for ttl, and returns the token.
func linkFor(t *testing.T, s *stacktest.Stack, email, firstName, token string, ttl time.Duration) string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	hash := sha256.Sum256([]byte(token))
	tag, err := conn.Exec(ctx, `UPDATE auth.pending_signups SET token_hash = $1, expires_at = now() + $4::interval
		WHERE lower(email) = lower($2) AND first_name = $3`, hash[:], email, firstName, ttl.String())
	if err != nil || tag.RowsAffected() != 1 {
		t.Fatalf("link for %s's sign-up: %v, %d rows", firstName, err, tag.RowsAffected())
	}
	return token
}

func countRows(t *testing.T, s *stacktest.Stack, sql string, args ...any) int {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAthleteSignUpConfirmAndSignIn(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	const email = "Anna.Berg@example.com"
	signUp := func(email, password, first, last string) *stacktest.Response {
		return s.Do(http.MethodPost, "/api/athlete/sign-up", map[string]string{
			"email": email, "password": password, "firstName": first, "lastName": last}, "")
	}
	signIn := func(email, password string) *stacktest.Response {
		return s.Do(http.MethodPost, "/api/athlete/sign-in", map[string]string{"email": email, "password": password}, "")
	}

	t.Run("bad input is a 400 naming the field and creates nothing", func(t *testing.T) {
		for _, tc := range []struct{ email, password, first, last, field string }{
			{"", "a-good-passphrase", "Anna", "Berg", "email"},
			{"anna", "a-good-passphrase", "Anna", "Berg", "email"},
			{"Anna <anna@example.com>", "a-good-passphrase", "Anna", "Berg", "email"},
			{"anna@localhost", "a-good-passphrase", "Anna", "Berg", "email"},
			{"anna@example.com", "short", "Anna", "Berg", "password"},
			{"anna@example.com", "password1234", "Anna", "Berg", "password"},
			{"anna@example.com", "a-good-passphrase", " ", "Berg", "firstName"},
			{"anna@example.com", "a-good-passphrase", "Anna", "", "lastName"},
			{"anna@example.com", "a-good-passphrase", "Anna", "Berg\nEvil", "lastName"},
			// The one name rule of teams and athletes: nothing reversed, blank or reserved.
			{"anna@example.com", "a-good-passphrase", "\u202eannA", "Berg", "firstName"},
			{"anna@example.com", "a-good-passphrase", "Anna", "\u200b\u200d", "lastName"},
			{"anna@example.com", "a-good-passphrase", "Former", "Athlete", "lastName"},
		} {
			r := signUp(tc.email, tc.password, tc.first, tc.last)
			if r.Status != http.StatusBadRequest || field(t, r) != tc.field {
				t.Errorf("%+v: %d %s", tc, r.Status, r.Body)
			}
		}
		if n := countRows(t, s, `SELECT count(*) FROM auth.users WHERE role = 'athlete'`); n != 0 {
			t.Fatalf("%d athletes created", n)
		}
	})

	t.Run("sign-up keeps a pending sign-up; a second one of the address gets the same answer and its own", func(t *testing.T) {
		first := signUp(email, "anna-berg-passphrase", "Anna", "Berg").MustStatus(t, http.StatusOK)
		again := signUp("anna.berg@EXAMPLE.com", "another-passphrase", "Someone", "Else").MustStatus(t, http.StatusOK)
		if string(first.Body) != string(again.Body) {
			t.Fatalf("answers differ: %s / %s", first.Body, again.Body)
		}
		if n := countRows(t, s, `SELECT count(*) FROM auth.users WHERE role = 'athlete'`); n != 0 {
			t.Fatalf("%d athletes before any link was used", n)
		}
		if n := countRows(t, s, `SELECT count(*) FROM auth.pending_signups WHERE lower(email) = lower($1)`, email); n != 2 {
			t.Fatalf("%d pending sign-ups", n)
		}
	})

	t.Run("sign-in before confirming is refused with what to do; a wrong password says nothing more", func(t *testing.T) {
		r := signIn(email, "another-passphrase").MustStatus(t, http.StatusForbidden)
		if r.Message() != "Please confirm your email address first: open the link in the email we sent you." {
			t.Fatalf("message %q", r.Message())
		}
		for _, bad := range []*stacktest.Response{signIn(email, "wrong-passphrase"), signIn("nobody@example.com", "anna-berg-passphrase")} {
			if bad.Status != http.StatusUnauthorized || bad.Message() != "Wrong email address or password. Please try again." {
				t.Fatalf("%d %s", bad.Status, bad.Body)
			}
		}
	})

	t.Run("a confirmation link works once and not after it expired; it confirms its own sign-up", func(t *testing.T) {
		expired := linkFor(t, s, email, "Anna", "expired-link-token", -time.Minute)
		r := s.Do(http.MethodPost, "/api/athlete/verify-email", map[string]string{"token": expired}, "")
		if r.Status != http.StatusBadRequest || field(t, r) != "token" {
			t.Fatalf("expired link: %d %s", r.Status, r.Body)
		}
		token := linkFor(t, s, email, "Anna", "good-link-token", time.Hour)
		s.Do(http.MethodPost, "/api/athlete/verify-email", map[string]string{"token": token}, "").MustStatus(t, http.StatusOK)
		s.Do(http.MethodPost, "/api/athlete/verify-email", map[string]string{"token": token}, "").MustStatus(t, http.StatusBadRequest)
		s.Do(http.MethodPost, "/api/athlete/verify-email", map[string]string{"token": "made-up"}, "").MustStatus(t, http.StatusBadRequest)
		if n := countRows(t, s, `SELECT count(*) FROM auth.pending_signups`); n != 0 {
			t.Fatalf("%d pending sign-ups left after confirming", n)
		}
		signIn(email, "another-passphrase").MustStatus(t, http.StatusUnauthorized)
	})

	var token string
	t.Run("a confirmed athlete signs in with any case of the address", func(t *testing.T) {
		var session struct{ Token, Username string }
		signIn("ANNA.berg@example.com", "anna-berg-passphrase").MustStatus(t, http.StatusOK).Decode(t, &session)
		token = session.Token
		var me struct{ ID, Username, Role string }
		s.Do(http.MethodGet, "/api/auth/me", nil, token).MustStatus(t, http.StatusOK).Decode(t, &me)
		if me.Role != "athlete" || me.Username != email || session.Username != email {
			t.Fatalf("me %+v, session %+v", me, session)
		}
	})

	t.Run("the athlete reads and edits their profile; bad fields are named", func(t *testing.T) {
		type profile struct {
			Email, FirstName, LastName, Club, Country string
			EmailVerified                             bool
			BirthYear                                 *int
		}
		var p profile
		s.Do(http.MethodGet, "/api/athlete/profile", nil, token).MustStatus(t, http.StatusOK).Decode(t, &p)
		if p.Email != email || !p.EmailVerified || p.FirstName != "Anna" || p.LastName != "Berg" || p.BirthYear != nil {
			t.Fatalf("profile %+v", p)
		}
		for _, tc := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"firstName": "", "lastName": "Berg"}, "firstName"},
			{map[string]any{"firstName": "Anna", "lastName": "Berg", "birthYear": 1850}, "birthYear"},
			{map[string]any{"firstName": "Anna", "lastName": "Berg", "birthYear": time.Now().Year() + 1}, "birthYear"},
			{map[string]any{"firstName": "Anna", "lastName": "Berg", "club": string(make([]byte, 101))}, "club"},
			{map[string]any{"firstName": "Anna", "lastName": "Berg\u2066"}, "lastName"},
			{map[string]any{"firstName": "\u2060\ufeff", "lastName": "Berg"}, "firstName"},
			{map[string]any{"firstName": "Former", "lastName": "athlete"}, "lastName"},
			{map[string]any{"firstName": "Former\u200b", "lastName": "ATHLETE"}, "lastName"},
			{map[string]any{"firstName": "Anna", "lastName": "Berg", "club": "\u202eBox"}, "club"},
		} {
			r := s.Do(http.MethodPut, "/api/athlete/profile", tc.body, token)
			if r.Status != http.StatusBadRequest || field(t, r) != tc.field {
				t.Errorf("%v: %d %s", tc.body, r.Status, r.Body)
			}
		}
		s.Do(http.MethodPut, "/api/athlete/profile", map[string]any{"firstName": " Anna ", "lastName": "Berg-Lind",
			"club": "CrossFit Uppsala", "country": "Sweden", "birthYear": 1994}, token).MustStatus(t, http.StatusOK).Decode(t, &p)
		var again profile
		s.Do(http.MethodGet, "/api/athlete/profile", nil, token).MustStatus(t, http.StatusOK).Decode(t, &again)
		if again.FirstName != "Anna" || again.LastName != "Berg-Lind" || again.Club != "CrossFit Uppsala" ||
			again.Country != "Sweden" || again.BirthYear == nil || *again.BirthYear != 1994 {
			t.Fatalf("profile after edit %+v", again)
		}
	})

	t.Run("athletes are not users: the console's lists and actions do not reach them", func(t *testing.T) {
		var list []struct{ Username string }
		s.Admin(http.MethodGet, "/api/users", nil).MustStatus(t, http.StatusOK).Decode(t, &list)
		for _, u := range list {
			if u.Username == email {
				t.Fatalf("users list holds the athlete: %+v", list)
			}
		}
		var athleteID string
		var me struct{ ID string }
		s.Do(http.MethodGet, "/api/auth/me", nil, token).Decode(t, &me)
		athleteID = me.ID
		s.Admin(http.MethodPut, "/api/users/"+athleteID, map[string]any{"role": "admin"}).MustStatus(t, http.StatusNotFound)
		s.Admin(http.MethodPost, "/api/users/"+athleteID+"/password", map[string]any{"password": "taken-over-passphrase"}).MustStatus(t, http.StatusNotFound)
		s.Do(http.MethodGet, "/api/athlete/profile", nil, s.Token).MustStatus(t, http.StatusForbidden)
		s.Do(http.MethodGet, "/api/users", nil, token).MustStatus(t, http.StatusForbidden)
		s.Do(http.MethodGet, "/api/events", nil, token).MustStatus(t, http.StatusForbidden)
		// The staff sign-in does not know athletes.
		s.Do(http.MethodPost, "/api/auth/login", map[string]string{"username": email, "password": "anna-berg-passphrase"}, "").
			MustStatus(t, http.StatusUnauthorized)
	})
}

// TestAthleteSignUpIsRateLimited: 20 sign-ups per 15 minutes from one client address (the
// defaults), the 21st answers 429 saying when to try again and creates nothing; another
// address still signs up.
func TestAthleteSignUpIsRateLimited(t *testing.T) {
	t.Parallel()
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_TRUSTED_PROXIES": "127.0.0.1/32"}})
	signUp := func(i int, from string) *stacktest.Response {
		return s.DoWithHeaders(http.MethodPost, "/api/athlete/sign-up", map[string]string{"email": fmt.Sprintf("rush%d@example.com", i),
			"password": "a-rush-passphrase", "firstName": "Rush", "lastName": "Hour"}, "", map[string]string{"X-Forwarded-For": from})
	}
	for i := range 20 {
		signUp(i, "203.0.113.7").MustStatus(t, http.StatusOK)
	}
	r := signUp(20, "203.0.113.7").MustStatus(t, http.StatusTooManyRequests)
	if r.Message() != "Too many sign-up attempts. Please try again in 15 minutes." {
		t.Fatalf("message %q", r.Message())
	}
	if n := countRows(t, s, `SELECT count(*) FROM auth.pending_signups`); n != 20 {
		t.Fatalf("%d sign-ups after the refused one, want 20", n)
	}
	signUp(21, "198.51.100.4").MustStatus(t, http.StatusOK)
	if n := countRows(t, s, `SELECT count(*) FROM auth.pending_signups`); n != 21 {
		t.Fatalf("%d sign-ups after one from another address, want 21", n)
	}
}

func TestStackAthleteHelper(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	a := s.SignUpAthlete("Mia", "Holm")
	var me struct{ ID, Role string }
	s.Do(http.MethodGet, "/api/auth/me", nil, a.Token).MustStatus(t, http.StatusOK).Decode(t, &me)
	if me.ID != a.ID || me.Role != "athlete" {
		t.Fatalf("me %+v, athlete %+v", me, a)
	}
}

// linkIn returns the token of the first link to the public athlete page in text.
func linkIn(t *testing.T, text, page string) string {
	t.Helper()
	m := regexp.MustCompile(`https?://\S+/public/athlete/` + page + `\?token=([A-Za-z0-9_%-]+)`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no %s link in %q", page, text)
	}
	token, err := url.QueryUnescape(m[1])
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// TestSignUpMailsAConfirmationLink goes through real SMTP: the link of the mail Mailpit
// received confirms the address; a second sign-up with it mails the owner instead.
func TestSignUpMailsAConfirmationLink(t *testing.T) {
	t.Parallel()
	mailpit := mailtest.Start(t)
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{
		"PODIUM_SMTP_URL": mailpit.SMTPURL, "PODIUM_MAIL_FROM": "Podium <no-reply@podium.test>", "PODIUM_PUBLIC_URL": "https://podium.test",
	}})
	const email = "lena.stark@example.com"
	s.Do(http.MethodPost, "/api/athlete/sign-up", map[string]string{"email": email, "password": "lena-stark-passphrase",
		"firstName": "Lena", "lastName": "Stark"}, "").MustStatus(t, http.StatusOK)
	mail := mailpit.WaitFor(email, "Confirm your email address", 10*time.Second)
	if mail.From != "no-reply@podium.test" || !strings.Contains(mail.Text, "Hello Lena,") || !strings.HasSuffix(mail.MessageID, "@podium.test") {
		t.Fatalf("mail %+v", mail)
	}
	token := linkIn(t, mail.Text, "verify")
	s.Do(http.MethodPost, "/api/athlete/verify-email", map[string]string{"token": token}, "").MustStatus(t, http.StatusOK)
	s.SignInAthlete(email, "lena-stark-passphrase")

	s.Do(http.MethodPost, "/api/athlete/sign-up", map[string]string{"email": "LENA.stark@example.com", "password": "someone-elses-passphrase",
		"firstName": "Not", "lastName": "Lena"}, "").MustStatus(t, http.StatusOK)
	exists := mailpit.WaitFor(email, "You already have a Podium account", 10*time.Second)
	if !strings.Contains(exists.Text, "https://podium.test/public/athlete/forgot-password") {
		t.Fatalf("mail %q", exists.Text)
	}
	// The password stayed the owner's.
	s.SignInAthlete(email, "lena-stark-passphrase")

	t.Run("admins read the outbox; sent mails are marked sent", func(t *testing.T) {
		var box struct {
			Service string
			Sending bool
			Mails   []struct {
				To, Subject, Text string
				SentAt            *string
			}
		}
		s.Admin(http.MethodGet, "/api/mail-outbox/auth", nil).MustStatus(t, http.StatusOK).Decode(t, &box)
		if box.Service != "auth" || !box.Sending || len(box.Mails) != 2 || box.Mails[0].Subject != "You already have a Podium account" ||
			box.Mails[1].SentAt == nil || box.Mails[1].To != email {
			t.Fatalf("outbox %+v", box)
		}
		athlete := s.SignUpAthlete("Out", "Box")
		s.Do(http.MethodGet, "/api/mail-outbox/auth", nil, athlete.Token).MustStatus(t, http.StatusForbidden)
		s.Do(http.MethodGet, "/api/mail-outbox/competition", nil, athlete.Token).MustStatus(t, http.StatusForbidden)
		s.Admin(http.MethodGet, "/api/mail-outbox/competition", nil).MustStatus(t, http.StatusOK)
	})
}

// TestWithoutSMTPMailsWaitInTheOutbox: `make run` has no mail server; the link is in the
// outbox for an admin to read.
func TestWithoutSMTPMailsWaitInTheOutbox(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	s.Do(http.MethodPost, "/api/athlete/sign-up", map[string]string{"email": "kim@example.com", "password": "kim-lee-passphrase",
		"firstName": "Kim", "lastName": "Lee"}, "").MustStatus(t, http.StatusOK)
	var box struct {
		Sending bool
		Mails   []struct {
			To, Text string
			SentAt   *string
		}
	}
	s.Admin(http.MethodGet, "/api/mail-outbox/auth", nil).MustStatus(t, http.StatusOK).Decode(t, &box)
	if box.Sending || len(box.Mails) != 1 || box.Mails[0].SentAt != nil || box.Mails[0].To != "kim@example.com" {
		t.Fatalf("outbox %+v", box)
	}
	token := linkIn(t, box.Mails[0].Text, "verify")
	s.Do(http.MethodPost, "/api/athlete/verify-email", map[string]string{"token": token}, "").MustStatus(t, http.StatusOK)
}

// TestPasswordResetByMail: the reset link of the mail Mailpit received sets a new password
// once, ends every session, and an unknown address gets the same answer and no mail.
func TestPasswordResetByMail(t *testing.T) {
	t.Parallel()
	mailpit := mailtest.Start(t)
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{
		"PODIUM_SMTP_URL": mailpit.SMTPURL, "PODIUM_PUBLIC_URL": "https://podium.test",
	}})
	athlete := s.SignUpAthlete("Rosa", "Lind")
	reset := func(email string) *stacktest.Response {
		return s.Do(http.MethodPost, "/api/athlete/password-reset", map[string]string{"email": email}, "")
	}
	known := reset(athlete.Email).MustStatus(t, http.StatusOK)
	unknown := reset("nobody-here@example.com").MustStatus(t, http.StatusOK)
	if string(known.Body) != string(unknown.Body) {
		t.Fatalf("answers differ: %s / %s", known.Body, unknown.Body)
	}
	if r := reset("not an address"); r.Status != http.StatusBadRequest || field(t, r) != "email" {
		t.Fatalf("bad address: %d %s", r.Status, r.Body)
	}
	mail := mailpit.WaitFor(athlete.Email, "Reset your Podium password", 10*time.Second)
	token := linkIn(t, mail.Text, "reset-password")

	confirm := func(token, password string) *stacktest.Response {
		return s.Do(http.MethodPost, "/api/athlete/password-reset/confirm", map[string]string{"token": token, "password": password}, "")
	}
	if r := confirm(token, "short"); r.Status != http.StatusBadRequest || field(t, r) != "password" {
		t.Fatalf("weak password: %d %s", r.Status, r.Body)
	}
	confirm(token, "rosa-lind-new-passphrase").MustStatus(t, http.StatusOK)
	if r := confirm(token, "rosa-lind-third-passphrase"); r.Status != http.StatusBadRequest || field(t, r) != "token" {
		t.Fatalf("second use: %d %s", r.Status, r.Body)
	}
	time.Sleep(authn.MaxSessionStaleness)
	s.Do(http.MethodGet, "/api/athlete/profile", nil, athlete.Token).MustStatus(t, http.StatusUnauthorized)
	s.Do(http.MethodPost, "/api/athlete/sign-in", map[string]string{"email": athlete.Email, "password": stacktest.AthletePassword}, "").
		MustStatus(t, http.StatusUnauthorized)
	s.SignInAthlete(athlete.Email, "rosa-lind-new-passphrase")
	if n := len(mailpit.MailsTo("nobody-here@example.com")); n != 0 {
		t.Fatalf("%d mails to an unknown address", n)
	}

	t.Run("an unconfirmed athlete asks for a new confirmation link; the old one stops working", func(t *testing.T) {
		const email = "late.confirmer@example.com"
		s.Do(http.MethodPost, "/api/athlete/sign-up", map[string]string{"email": email, "password": "late-confirmer-passphrase",
			"firstName": "Late", "lastName": "Confirmer"}, "").MustStatus(t, http.StatusOK)
		first := linkIn(t, mailpit.WaitFor(email, "Confirm your email address", 10*time.Second).Text, "verify")
		s.Do(http.MethodPost, "/api/athlete/verify-email/resend", map[string]string{"email": email}, "").MustStatus(t, http.StatusOK)
		var second string
		poll.Until(t, 10*time.Second, "a second confirmation mail", func() bool {
			second = linkIn(t, mailpit.MailsTo(email)[0].Text, "verify")
			return second != first
		})
		s.Do(http.MethodPost, "/api/athlete/verify-email", map[string]string{"token": first}, "").MustStatus(t, http.StatusBadRequest)
		s.Do(http.MethodPost, "/api/athlete/verify-email", map[string]string{"token": second}, "").MustStatus(t, http.StatusOK)
		s.SignInAthlete(email, "late-confirmer-passphrase")
	})
}
