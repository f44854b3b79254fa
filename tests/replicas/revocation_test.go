package replicas

import (
	"net/http"
	"net/url"
	"regexp"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
)

// TestEndedSessionsAnswer401OnEveryGateway: logout, a password change and disabling the user
// each make the token answer 401 through both gateways, and through the public-svc of each
// replica, on the very next request: auth-svc answers only once every process's session cache
// has forgotten the session (docs/access.md, "A request").
func TestEndedSessionsAnswer401OnEveryGateway(t *testing.T) {
	t.Parallel()
	a, b, admin := startPair(t)
	login := func(username, password string) string {
		var out struct{ Token string }
		a.must(t, "POST", "/api/auth/login", "", map[string]string{"username": username, "password": password}, &out)
		return out.Token
	}
	var user struct{ ID string }
	a.must(t, "POST", "/api/users", admin, map[string]string{"username": "judge.one", "password": "first-long-passphrase", "role": "organiser"}, &user)

	// An event of the organiser's own, so the admin preview (served by each replica's
	// public-svc) answers it.
	token := login("judge.one", "first-long-passphrase")
	ev := eventtest.New(t, eventtest.API{URL: a.url, Token: token}).
		Event(eventtest.Fields{"name": "Revocation Games", "dateFrom": "2026-07-01", "dateTo": "2026-07-02", "status": "PUBLISHED"})
	div := ev.Division("Open", "")
	paths := []string{"/api/auth/me", "/api/events", "/api/events/" + ev.ID + "/divisions/" + div.GetId() + "/leaderboard"}

	expect := func(t *testing.T, token string, want int) {
		t.Helper()
		for name, r := range map[string]*replica{"A": a, "B": b} {
			for _, p := range paths {
				if status, body := r.do(t, "GET", p, token, nil); status != want {
					t.Errorf("gateway %s GET %s: %d, want %d: %s", name, p, status, want, body)
				}
			}
		}
	}

	t.Run("logout", func(t *testing.T) {
		expect(t, token, http.StatusOK) // both replicas have the session cached now
		b.must(t, "POST", "/api/auth/logout", token, nil, nil)
		expect(t, token, http.StatusUnauthorized)
	})

	var fresh string
	t.Run("password change", func(t *testing.T) {
		older := login("judge.one", "first-long-passphrase")
		other := login("judge.one", "first-long-passphrase")
		expect(t, older, http.StatusOK)
		expect(t, other, http.StatusOK)
		var out struct{ Token string }
		a.must(t, "POST", "/api/auth/password", older, map[string]string{"currentPassword": "first-long-passphrase", "newPassword": "second-long-passphrase"}, &out)
		fresh = out.Token
		expect(t, older, http.StatusUnauthorized)
		expect(t, other, http.StatusUnauthorized)
		expect(t, fresh, http.StatusOK)
	})

	t.Run("disable", func(t *testing.T) {
		expect(t, fresh, http.StatusOK)
		a.must(t, "PUT", "/api/users/"+user.ID, admin, map[string]any{"role": "organiser", "disabled": true}, nil)
		expect(t, fresh, http.StatusUnauthorized)
		if status, _ := a.do(t, "POST", "/api/auth/login", "", map[string]string{"username": "judge.one", "password": "second-long-passphrase"}); status != http.StatusUnauthorized {
			t.Errorf("a disabled user signs in: %d", status)
		}
	})
}

// TestAPasswordResetEndsTheSessionsOnEveryGateway: a password reset ends every session of the
// athlete on every replica at once, like a sign-out: the old token answers 401 on the very
// next request through either gateway, on every service that had it cached.
func TestAPasswordResetEndsTheSessionsOnEveryGateway(t *testing.T) {
	t.Parallel()
	a, b, admin := startPair(t)
	const email, password = "reset.replica@example.com", "replica-athlete-passphrase"
	// Without a mail server the links wait in the outbox, where an admin reads them.
	link := func(subject, page string) string {
		t.Helper()
		var token string
		poll.Until(t, 10*time.Second, "the outbox holds "+subject, func() bool {
			var box struct {
				Mails []struct{ To, Subject, Text string }
			}
			a.must(t, "GET", "/api/mail-outbox/auth", admin, nil, &box)
			for _, m := range box.Mails {
				if m.To == email && m.Subject == subject {
					if found := regexp.MustCompile(page + `\?token=([A-Za-z0-9_%-]+)`).FindStringSubmatch(m.Text); found != nil {
						token, _ = url.QueryUnescape(found[1])
						return true
					}
				}
			}
			return false
		})
		return token
	}
	a.must(t, "POST", "/api/athlete/sign-up", "", map[string]string{"email": email, "password": password, "firstName": "Rey", "lastName": "Plica"}, nil)
	b.must(t, "POST", "/api/athlete/verify-email", "", map[string]string{"token": link("Confirm your email address for Podium", "verify")}, nil)
	var session struct{ Token string }
	a.must(t, "POST", "/api/athlete/sign-in", "", map[string]string{"email": email, "password": password}, &session)

	paths := []string{"/api/auth/me", "/api/athlete/profile", "/api/registration/mine", "/api/registration/final-invitations"}
	expect := func(t *testing.T, want int) {
		t.Helper()
		for name, r := range map[string]*replica{"A": a, "B": b} {
			for _, p := range paths {
				if status, body := r.do(t, "GET", p, session.Token, nil); status != want {
					t.Errorf("gateway %s GET %s: %d, want %d: %s", name, p, status, want, body)
				}
			}
		}
	}
	expect(t, http.StatusOK) // every process has the session cached now
	b.must(t, "POST", "/api/athlete/password-reset", "", map[string]string{"email": email}, nil)
	a.must(t, "POST", "/api/athlete/password-reset/confirm", "", map[string]string{"token": link("Reset your Podium password", "reset-password"),
		"password": "replica-athlete-new-passphrase"}, nil)
	expect(t, http.StatusUnauthorized)
}
